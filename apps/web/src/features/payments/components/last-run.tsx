import type { ReconciliationRun } from '@kitchaco/domain';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { ApiError } from '../../../api';
import { formatCount, tabularNums } from '../../../components/amounts';
import { useRunReconciliation } from '../api/run-reconciliation';
import { businessTime, duration, timeAgo } from '../lib/format';

const FIGURES: { key: keyof ReconciliationRun; label: string; hint: string }[] = [
  { key: 'payments_seen', label: 'Payments seen', hint: "at the card provider, in the run's window" },
  { key: 'matched', label: 'Matched', hint: 'to one of our orders' },
  { key: 'completed', label: 'Completed', hint: 'authorised payments of standing orders' },
  { key: 'canceled', label: 'Released', hint: 'authorisations no order claims' },
  { key: 'refunded', label: 'Refunded', hint: 'payments no order claims' },
  { key: 'flagged', label: 'Flagged', hint: 'left for a super admin' },
];

function Figures({ run }: { run: ReconciliationRun }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" m={0}>
      {FIGURES.map((f) => {
        const value = run[f.key] as number;
        const alarming = f.key === 'flagged' && value > 0;
        return (
          <Paper key={f.key} withBorder p="sm" bg={alarming ? 'orange.0' : 'gray.0'}>
            <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
              {f.label}
            </Text>
            <Text component="dd" m={0} fz={26} fw={700} lh={1.2} style={tabularNums}>
              {formatCount(value)}
            </Text>
            <Text component="dd" m={0} size="xs" c="dimmed">
              {f.hint}
            </Text>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

/**
 * The last reconciliation of the card provider's payments with our orders: when, over which
 * window, what it found and settled, any error; and Run now.
 */
export function LastRun({ run, now }: { run: ReconciliationRun | null; now: number }) {
  const runNow = useRunReconciliation();
  const busy = runNow.error instanceof ApiError && runNow.error.status === 409;

  const start = () =>
    runNow.mutate(undefined, {
      onSuccess: ({ run: done }) =>
        notifications.show({
          color: done.error ? 'red' : 'green',
          message: `${done.error ? 'Reconciliation stopped with an error' : 'Reconciliation finished'}: ${formatCount(done.payments_seen)} payments seen, ${formatCount(done.matched)} matched, ${formatCount(done.flagged)} flagged.`,
        }),
    });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="last-run-title">
      <Group justify="space-between" align="flex-start" mb="md" gap="xs">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={3} size="h4" id="last-run-title">
              Last reconciliation
            </Title>
            {run &&
              (run.finished_at === null ? (
                <Badge color="blue" variant="light" c="dark" style={{ textTransform: 'none' }}>
                  Running
                </Badge>
              ) : run.error ? (
                <Badge color="red" variant="light" c="dark" style={{ textTransform: 'none' }}>
                  Stopped with an error
                </Badge>
              ) : (
                <Badge color="green" variant="light" c="dark" style={{ textTransform: 'none' }}>
                  Finished
                </Badge>
              ))}
          </Group>
          <Text size="sm" c="dimmed" maw={720}>
            Every few minutes the card provider's payments are matched with the orders: payments of standing
            orders are completed, money no order claims goes back, and what cannot be settled is flagged
            below.
          </Text>
        </Stack>
        <Button
          leftSection={<IconRefresh aria-hidden size={16} />}
          onClick={start}
          loading={runNow.isPending}
        >
          Run now
        </Button>
      </Group>

      {runNow.error && (
        <Alert
          color={busy ? 'yellow' : 'red'}
          variant="light"
          role="alert"
          mb="md"
          title={busy ? 'Already running' : 'Reconciliation could not run'}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => runNow.reset()}
        >
          {runNow.error.message}
        </Alert>
      )}

      {run === null ? (
        <Text c="dimmed">Reconciliation has not run yet.</Text>
      ) : (
        <Stack gap="md">
          <Stack gap={2} style={tabularNums}>
            <Text>
              {run.finished_at === null ? (
                <>Running since {businessTime(run.started_at)}</>
              ) : (
                <>
                  <Text span fw={600}>
                    {businessTime(run.finished_at)}
                  </Text>{' '}
                  <Text span c="dimmed">
                    ({timeAgo(run.finished_at, now)}, took{' '}
                    {duration(Date.parse(run.finished_at) - Date.parse(run.started_at))})
                  </Text>
                </>
              )}
            </Text>
            <Text size="sm" c="dimmed">
              Payments made from {businessTime(run.from)} to {businessTime(run.to)}
            </Text>
          </Stack>
          <Figures run={run} />
          {run.error && (
            <Alert color="red" variant="light" title="The run stopped with an error">
              {run.error}
            </Alert>
          )}
        </Stack>
      )}
    </Paper>
  );
}
