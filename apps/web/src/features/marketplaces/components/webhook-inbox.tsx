import {
  INBOX_STATUSES,
  type InboxStatus,
  MARKETPLACE_PLATFORMS,
  type MarketplaceChannel,
  type MarketplaceInboxResponse,
  type MarketplaceInboxRow,
} from '@kitchaco/domain';
import {
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatCount, NumTd, NumTh, tabularNums } from '../../../components/amounts';
import { QueryError, StaleReadAlert } from '../../../components/query-state';
import { useMarketplaceInbox } from '../api/get-marketplace-inbox';
import { useRetryMarketplaceInbox } from '../api/retry-marketplace-inbox';
import {
  eventName,
  eventReference,
  INBOX_STATUS_BADGES,
  type InboxFilter,
  inboxDateTime,
  inboxTime,
} from '../lib/inbox';
import { PLATFORM_OPTIONS } from './store-form';

const ALL = 'all';

const STATUS_OPTIONS = [
  { value: ALL, label: 'All statuses' },
  ...INBOX_STATUSES.map((status) => ({ value: status, label: INBOX_STATUS_BADGES[status].label })),
];

const nowrap = { whiteSpace: 'nowrap' } as const;

const dash = (
  <Text span c="dimmed">
    —
  </Text>
);

function Instant({ iso }: { iso: string | null }) {
  if (!iso) return dash;
  return <time dateTime={iso}>{inboxTime(iso)}</time>;
}

/** An instant in a table column: the date above the time, to keep the column narrow. */
function InstantCell({ iso }: { iso: string | null }) {
  if (!iso) return dash;
  const { date, time } = inboxDateTime(iso);
  return (
    <Text component="time" dateTime={iso} size="sm" display="block" style={nowrap}>
      {date} <br />
      {time}
    </Text>
  );
}

/**
 * The marketplace webhook inbox for the super admin: counts by status, the events newest first
 * with what became of each, and Retry on a failed one. Read again every 10 seconds.
 */
export function WebhookInbox() {
  const [filter, setFilter] = useState<InboxFilter>({});
  const inbox = useMarketplaceInbox(filter);
  const platformName = filter.platform ? MARKETPLACE_PLATFORMS[filter.platform].name : 'all platforms';

  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="webhook-inbox-title"
      aria-busy={inbox.isFetching}
    >
      <Stack gap="md">
        <div>
          <Title order={3} size="h4" id="webhook-inbox-title">
            Webhook inbox
          </Title>
          <Text size="sm" c="dimmed">
            Every signed webhook a platform sends is kept here and processed in the background, with retries.
            A failed event can be put back for another try. The list is read again every 10 seconds.
          </Text>
        </div>
        <Group gap="md" align="flex-end">
          <Select
            label="Platform"
            w={220}
            data={[{ value: ALL, label: 'All platforms' }, ...PLATFORM_OPTIONS]}
            value={filter.platform ?? ALL}
            onChange={(value) =>
              setFilter((f) => ({
                ...f,
                platform: !value || value === ALL ? undefined : (value as MarketplaceChannel),
              }))
            }
            allowDeselect={false}
          />
          <Select
            label="Status"
            w={220}
            data={STATUS_OPTIONS}
            value={filter.status ?? ALL}
            onChange={(value) =>
              setFilter((f) => ({
                ...f,
                status: !value || value === ALL ? undefined : (value as InboxStatus),
              }))
            }
            allowDeselect={false}
          />
        </Group>
        {inbox.error && !inbox.data ? (
          <QueryError title="The webhook inbox could not be loaded" error={inbox.error} />
        ) : !inbox.data ? (
          <Group justify="center" py="xl">
            <Loader role="status" aria-label="Loading the webhook inbox" />
          </Group>
        ) : (
          <>
            <StatusCounts counts={inbox.data.pages[0]?.counts} platformName={platformName} />
            {inbox.error && <StaleReadAlert title="The inbox could not be read again" error={inbox.error} />}
            <InboxTable
              rows={inbox.data.pages.flatMap((page) => page.rows)}
              filtered={filter.platform !== undefined || filter.status !== undefined}
            />
            {inbox.hasNextPage && (
              <Group justify="center">
                <Button
                  variant="default"
                  onClick={() => inbox.fetchNextPage()}
                  loading={inbox.isFetchingNextPage}
                >
                  Show older events
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function StatusCounts({
  counts,
  platformName,
}: {
  counts: MarketplaceInboxResponse['counts'] | undefined;
  platformName: string;
}) {
  if (!counts) return null;
  return (
    <section aria-labelledby="webhook-inbox-counts">
      <Text size="sm" c="dimmed" mb={6} id="webhook-inbox-counts">
        Events by status, {platformName}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" component="dl" m={0}>
        {INBOX_STATUSES.map((status) => {
          const badge = INBOX_STATUS_BADGES[status];
          return (
            <Paper
              key={status}
              withBorder
              p="sm"
              style={{ borderLeft: `4px solid var(--mantine-color-${badge.color}-6)` }}
            >
              <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
                {badge.label}
              </Text>
              <Text component="dd" m={0} fz={26} fw={700} lh={1.2} style={tabularNums}>
                {formatCount(counts[status])}
              </Text>
            </Paper>
          );
        })}
      </SimpleGrid>
    </section>
  );
}

function InboxTable({ rows, filtered }: { rows: MarketplaceInboxRow[]; filtered: boolean }) {
  const retry = useRetryMarketplaceInbox();

  if (rows.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg" role="status">
        {filtered
          ? 'No webhook event matches this platform and status.'
          : 'No webhook event has been received yet.'}
      </Text>
    );
  }

  const retryRow = (row: MarketplaceInboxRow) =>
    retry.mutate(row.id, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          message: `${eventName(row)} is queued again: the worker takes it within seconds.`,
        }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: `${eventName(row)} could not be retried`,
          message: error.message,
        }),
    });

  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Webhook events">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Received</Table.Th>
            <Table.Th miw={160}>Event</Table.Th>
            <Table.Th>Order or event ID</Table.Th>
            <Table.Th miw={110}>Status</Table.Th>
            <NumTh>Attempts</NumTh>
            <Table.Th>What happened</Table.Th>
            <Table.Th>Processed</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const badge = INBOX_STATUS_BADGES[row.status];
            const reference = eventReference(row);
            return (
              <Table.Tr key={row.id} style={{ verticalAlign: 'top' }}>
                <Table.Td>
                  <InstantCell iso={row.received_at} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600} style={nowrap}>
                    {MARKETPLACE_PLATFORMS[row.platform].name}
                  </Text>
                  <Text ff="monospace" size="xs" style={{ overflowWrap: 'anywhere' }}>
                    {row.event_type}
                  </Text>
                </Table.Td>
                <Table.Td w={210}>
                  <Text size="xs" c="dimmed">
                    {reference.kind === 'order' ? 'Order' : 'Event'}
                  </Text>
                  <Text ff="monospace" size="xs" style={{ overflowWrap: 'anywhere' }}>
                    {reference.id}
                  </Text>
                  {reference.kind === 'order' && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      event {row.event_id}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge
                    color={badge.color}
                    variant="light"
                    c="dark"
                    style={{ textTransform: 'none', overflow: 'visible' }}
                  >
                    {badge.label}
                  </Badge>
                </Table.Td>
                <NumTd>{formatCount(row.attempts)}</NumTd>
                <Table.Td miw={240}>
                  <WhatHappened row={row} />
                </Table.Td>
                <Table.Td>
                  <InstantCell iso={row.processed_at} />
                </Table.Td>
                <Table.Td ta="right" style={nowrap}>
                  {row.status === 'failed' && (
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => retryRow(row)}
                      loading={retry.isPending && retry.variables === row.id}
                      aria-label={`Retry ${eventName(row)}`}
                    >
                      Retry
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A failed row's reason in full; a processed row's outcome; a pending row's next attempt. */
function WhatHappened({ row }: { row: MarketplaceInboxRow }) {
  const text = { size: 'sm', style: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } as const;
  if (row.status === 'failed') {
    return (
      <Text {...text} c="red.9">
        {row.last_error ?? 'Failed without a reason.'}
      </Text>
    );
  }
  if (row.status === 'processed') {
    return row.outcome ? <Text {...text}>{row.outcome}</Text> : dash;
  }
  return (
    <Stack gap={2}>
      {row.last_error && (
        <Text {...text} c="orange.9">
          Last error: {row.last_error}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {row.next_attempt_at ? (
          <>
            Next attempt <Instant iso={row.next_attempt_at} />
          </>
        ) : (
          'Waiting for the worker'
        )}
      </Text>
    </Stack>
  );
}
