import { Group, Loader, Stack } from '@mantine/core';
import { QueryError } from '../../../components/query-state';
import { useReconciliation } from '../api/get-reconciliation';
import { LastRun } from './last-run';
import { PaymentFlags } from './payment-flags';

/** The Payments screen: the last reconciliation and the card payments left to look at. */
export function PaymentsOverview() {
  const overview = useReconciliation();
  if (overview.error) {
    return <QueryError title="The payments could not be loaded" error={overview.error} />;
  }
  if (!overview.data) {
    return (
      <Group justify="center" py="xl">
        <Loader role="status" aria-label="Loading payments" />
      </Group>
    );
  }
  // "3 minutes ago" is worked out when the answer came (it is read again every minute).
  const now = overview.dataUpdatedAt;
  return (
    <Stack gap="lg" aria-busy={overview.isFetching}>
      <LastRun run={overview.data.last_run} now={now} />
      <PaymentFlags flags={overview.data.flags} now={now} />
    </Stack>
  );
}
