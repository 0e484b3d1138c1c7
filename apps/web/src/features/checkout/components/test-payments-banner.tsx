import { type PaymentsConfig, SANDBOX_CARDS } from '@kitchaco/domain';
import { Alert, Code, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { DECLINED_TEST_CARD } from '../payments/sandbox-cards';

/**
 * Said plainly at the top of checkout whenever no money moves (`test_mode`): the local test
 * provider (the demo, or PAYMENTS_PROVIDER=test on a real site) or Square's sandbox, with the test
 * cards that work there.
 */
export function TestPaymentsBanner({ config }: { config: PaymentsConfig }) {
  if (!config.test_mode) return null;
  const local = config.provider === 'test';
  return (
    <Alert
      role="note"
      aria-label="Test payments"
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title="Test payments: no money is taken"
    >
      <Text size="sm">
        {local && config.environment === 'local'
          ? 'This site takes card payments in test mode, on its own server: no card is charged and nothing is sent to a bank. Please do not enter a real card.'
          : local
            ? 'Card payments here are simulated: no card is charged. Please do not enter a real card.'
            : "Card payments go to Square's sandbox, Square's test system: no card is charged. Real cards do not work here."}
      </Text>
      <List size="sm" mt="xs" spacing={2}>
        <List.Item>
          <Code>{SANDBOX_CARDS.visa}</Code> with any future expiry, any 3-digit security code and any
          postcode: paid.
        </List.Item>
        {local && (
          <List.Item>
            <Code>{DECLINED_TEST_CARD}</Code>: declined by the bank.
          </List.Item>
        )}
        <List.Item>
          Security code <Code>{SANDBOX_CARDS.declinedCvv}</Code>, postcode{' '}
          <Code>{SANDBOX_CARDS.declinedPostalCode}</Code> or expiry{' '}
          <Code>{SANDBOX_CARDS.declinedExpiry}</Code>: refused, as in Square&apos;s sandbox.
        </List.Item>
      </List>
    </Alert>
  );
}
