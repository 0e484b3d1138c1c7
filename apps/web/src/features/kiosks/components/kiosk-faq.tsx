import { DEVICE_CODE_MINUTES } from '@kitchaco/domain';
import { Accordion, List, Paper, Text, Title } from '@mantine/core';

const FAQS = [
  {
    value: 'pair',
    question: 'How do I pair a card terminal with a kiosk?',
    answer: (
      <List type="ordered" spacing={4}>
        <List.Item>Press Create Square Code beside the kiosk below and confirm.</List.Item>
        <List.Item>
          Turn on the Square Terminal next to the kiosk, connect it to the location's Wi-Fi and choose Sign in
          with device code.
        </List.Item>
        <List.Item>
          Type the six-letter code on the terminal within {DEVICE_CODE_MINUTES} minutes. The terminal joins
          the kiosk's location and the kiosk takes card payments through it.
        </List.Item>
      </List>
    ),
  },
  {
    value: 'expired',
    question: 'The code expired before it was typed in. What now?',
    answer: (
      <Text>
        A device code works for {DEVICE_CODE_MINUTES} minutes and only once. Create a new code for the same
        kiosk: the new code replaces the old one, which no terminal can use any more.
      </Text>
    ),
  },
  {
    value: 'not-connected',
    question: 'What does "Not connected" mean?',
    answer: (
      <Text>
        The kiosk has no card terminal paired with it, or has no device code waiting to be used. Customers can
        still order at the kiosk, but card payments need a paired terminal.
      </Text>
    ),
  },
  {
    value: 'verification',
    question: "Where do I find the kiosk's verification code?",
    answer: (
      <Text>
        The verification code is fixed for each kiosk and is shown on the kiosk's settings screen. Staff at
        the location need it when the kiosk asks them to confirm a change, such as pairing a card terminal. It
        is not the device code: creating a Square code does not change it.
      </Text>
    ),
  },
  {
    value: 'location-id',
    question: 'Why can a code not be created for some locations?',
    answer: (
      <Text>
        Square pairs terminals with a Square location. A location without a Square location ID cannot pair a
        terminal until the ID is set for it.
      </Text>
    ),
  },
];

/** The POS Devices page's questions about pairing card terminals. */
export function KioskFaq() {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="kiosk-faq-title">
      <Title order={3} size="h4" id="kiosk-faq-title" mb="sm">
        Frequently asked questions
      </Title>
      <Accordion variant="separated" order={4}>
        {FAQS.map((faq) => (
          <Accordion.Item key={faq.value} value={faq.value}>
            <Accordion.Control>{faq.question}</Accordion.Control>
            <Accordion.Panel>{faq.answer}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Paper>
  );
}
