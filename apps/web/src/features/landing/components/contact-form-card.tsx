import { CONTACT_MESSAGES, contactRequest } from '@kitchaco/domain';
import { Alert, Button, Grid, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { FieldErrors } from '../../../lib/schema-errors';
import { useSendContactMessage } from '../api/send-contact-message';
import { contactFormErrors } from '../lib/contact-errors';

const EMPTY = { name: '', phone: '', email: '', message: '' };

/**
 * The contact form of the Join Us section (./contact-form.tsx loads it after the first screen): name,
 * phone, email and message, all required. A missing field gives the spec's "Please enter all the
 * fields!" once and marks the field with its own message; a sent message thanks the visitor and
 * empties the form; a failure keeps what was typed so the visitor can send it again.
 */
export function ContactFormCard() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const send = useSendContactMessage();

  const field = (name: keyof typeof EMPTY) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const parsed = contactRequest.safeParse(values);
    if (!parsed.success) {
      // The spec's message once above the form; each field says what it lacks (./lib/contact-errors.ts).
      const { fields, summary } = contactFormErrors(parsed.error.issues);
      setErrors(fields);
      setNotice(summary ? { ok: false, text: summary } : null);
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: () => {
        setValues(EMPTY);
        setNotice({ ok: true, text: CONTACT_MESSAGES.success });
      },
      onError: (failure) => setNotice({ ok: false, text: failure.message || CONTACT_MESSAGES.failure }),
    });
  };

  return (
    <Paper withBorder shadow="md" p="xl" maw={760}>
      <form onSubmit={submit} noValidate aria-label="Contact us">
        <Stack>
          {notice && (
            <Alert color={notice.ok ? 'green' : 'red'} variant="light" role={notice.ok ? 'status' : 'alert'}>
              {notice.text}
            </Alert>
          )}
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Name" autoComplete="name" required {...field('name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Phone" type="tel" autoComplete="tel" required {...field('phone')} />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextInput label="Email" type="email" autoComplete="email" required {...field('email')} />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea label="Message" autosize minRows={4} maxRows={10} required {...field('message')} />
            </Grid.Col>
          </Grid>
          <Button type="submit" loading={send.isPending} w="fit-content" size="md">
            Send
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
