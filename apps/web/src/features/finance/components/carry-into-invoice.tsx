import type { FortnightPeriod } from '@kitchaco/domain';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowForward } from '@tabler/icons-react';
import { useCarryReconciliation } from '../api/carry-reconciliation';

/**
 * "Carry into invoice": the payout reconciliation's refunds and adjustments of this operator's
 * fortnight become lines of its next open invoice (this one while it is not approved), each once.
 */
export function CarryIntoInvoice({ period, operatorId }: { period: FortnightPeriod; operatorId: number }) {
  const carry = useCarryReconciliation();
  if (operatorId <= 0) return null;
  return (
    <Stack gap="xs">
      <Group gap="sm" align="center">
        <Button
          variant="light"
          leftSection={<IconArrowForward aria-hidden size={18} />}
          loading={carry.isPending}
          onClick={() =>
            carry.mutate({
              external_operator: operatorId,
              start_date: period.start_date,
              end_date: period.end_date,
              sales_invoice_fortnight_period: period.id,
            })
          }
        >
          Carry into invoice
        </Button>
        <Text size="sm" c="dimmed">
          The platforms' refunds and adjustments above, as lines of the operator's next open invoice.
        </Text>
      </Group>
      {carry.data && (
        <Alert color="green" variant="light" role="status">
          {carry.data.message}
        </Alert>
      )}
      {carry.error && (
        <Alert color="red" variant="light" role="alert">
          {carry.error.message}
        </Alert>
      )}
    </Stack>
  );
}
