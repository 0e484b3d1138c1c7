import {
  type AdminOutboxMessage,
  type AdminOutboxRequest,
  OUTBOX_CHANNELS,
  OUTBOX_STATUSES,
  type OutboxChannel,
  type OutboxStatus,
  SMS_NOT_DELIVERED,
  type SmsDeliveryStatus,
} from '@kitchaco/domain';
import { Badge, Button, Group, Loader, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { QueryError, StaleReadAlert } from '../../../components/query-state';
import { useAdminOutbox, useRetryOutboxMessage } from '../api/admin-outbox';

const ALL = 'all';
const CHANNEL_NAMES: Record<OutboxChannel, string> = { sms: 'SMS', email: 'Email' };
const STATUS_BADGES: Record<OutboxStatus, { label: string; color: string }> = {
  pending: { label: 'Waiting', color: 'blue' },
  sending: { label: 'Sending', color: 'blue' },
  sent: { label: 'Sent', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

/** Twilio's words for where an SMS is after it took it (its status callbacks). */
const DELIVERY_LABELS: Record<SmsDeliveryStatus, string> = {
  accepted: 'Accepted',
  scheduled: 'Scheduled',
  queued: 'Queued at Twilio',
  sending: 'Sending',
  sent: 'Sent to carrier',
  delivered: 'Delivered',
  undelivered: 'Undelivered',
  failed: 'Failed at Twilio',
  canceled: 'Canceled',
  partially_delivered: 'Partly delivered',
  read: 'Read',
};

/** Where the message is beyond the outbox: an SMS's delivery as Twilio reported it, with its error code. */
function Delivery({ m }: { m: AdminOutboxMessage }) {
  if (!m.delivery_status) return <>—</>;
  const lost = SMS_NOT_DELIVERED.includes(m.delivery_status);
  return (
    <Stack gap={2}>
      <Badge
        color={
          lost ? 'red' : m.delivery_status === 'delivered' || m.delivery_status === 'read' ? 'teal' : 'gray'
        }
        variant={lost ? 'filled' : 'light'}
        c={lost ? undefined : 'dark'}
      >
        {DELIVERY_LABELS[m.delivery_status]}
      </Badge>
      {m.delivery_error_code && (
        <Text size="xs">
          Twilio error{' '}
          <a
            href={`https://www.twilio.com/docs/api/errors/${m.delivery_error_code}`}
            target="_blank"
            rel="noreferrer"
          >
            {m.delivery_error_code}
          </a>
        </Text>
      )}
      {m.delivery_final_at && (
        <Text size="xs" c="dimmed">
          <time dateTime={m.delivery_final_at}>{time(m.delivery_final_at)}</time>
        </Text>
      )}
    </Stack>
  );
}

const time = (iso: string) =>
  new Date(iso).toLocaleString('en-AU', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });

/**
 * The outbox for the super admin: the newest messages by channel and status with their last
 * errors, and Retry on a failed one. Never a message's text (an SMS may be a sign-in code).
 */
export function AdminOutboxTable({ onRetried }: { onRetried?: () => void }) {
  const [filter, setFilter] = useState<AdminOutboxRequest>({ limit: 50 });
  const outbox = useAdminOutbox(filter);
  const retry = useRetryOutboxMessage(onRetried);

  const retryMessage = (m: AdminOutboxMessage) =>
    retry.mutate(m.id, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          message: `${CHANNEL_NAMES[m.channel]} #${m.id} put back: the outbox worker sends it again within seconds.`,
        }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: `${CHANNEL_NAMES[m.channel]} #${m.id} not put back`,
          message: error.message,
        }),
    });

  return (
    <Stack gap="sm">
      <Group gap="md" align="flex-end">
        <Select
          label="Channel"
          w={200}
          data={[
            { value: ALL, label: 'All channels' },
            ...OUTBOX_CHANNELS.map((c) => ({ value: c, label: CHANNEL_NAMES[c] })),
          ]}
          value={filter.channel ?? ALL}
          onChange={(value) =>
            setFilter((f) => ({
              ...f,
              channel: !value || value === ALL ? undefined : (value as OutboxChannel),
            }))
          }
          allowDeselect={false}
        />
        <Select
          label="Status"
          w={200}
          data={[
            { value: ALL, label: 'All statuses' },
            ...OUTBOX_STATUSES.map((s) => ({ value: s, label: STATUS_BADGES[s].label })),
          ]}
          value={filter.status ?? ALL}
          onChange={(value) =>
            setFilter((f) => ({
              ...f,
              status: !value || value === ALL ? undefined : (value as OutboxStatus),
            }))
          }
          allowDeselect={false}
        />
      </Group>
      {outbox.error && !outbox.data ? (
        <QueryError title="The outbox could not be loaded" error={outbox.error} />
      ) : !outbox.data ? (
        <Group justify="center" py="md">
          <Loader role="status" aria-label="Loading the outbox" />
        </Group>
      ) : (
        <>
          {outbox.error && <StaleReadAlert title="The outbox could not be read again" error={outbox.error} />}
          {outbox.data.messages.length === 0 ? (
            <Text c="dimmed">No message matches.</Text>
          ) : (
            <Table.ScrollContainer minWidth={980}>
              <Table striped verticalSpacing="xs" aria-label="Outbox messages">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Message</Table.Th>
                    <Table.Th>To</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Delivery</Table.Th>
                    <Table.Th>Attempts</Table.Th>
                    <Table.Th>Written</Table.Th>
                    <Table.Th>Last error</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Action</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {outbox.data.messages.map((m) => {
                    const badge = STATUS_BADGES[m.status];
                    return (
                      <Table.Tr key={m.id}>
                        <Table.Th scope="row" fw={500}>
                          {CHANNEL_NAMES[m.channel]} #{m.id}
                          {m.subject && (
                            <Text size="xs" c="dimmed">
                              {m.subject}
                            </Text>
                          )}
                        </Table.Th>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{m.to}</Table.Td>
                        <Table.Td>
                          <Badge
                            color={badge.color}
                            variant={m.status === 'failed' ? 'filled' : 'light'}
                            c={m.status === 'failed' ? undefined : 'dark'}
                          >
                            {badge.label}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Delivery m={m} />
                        </Table.Td>
                        <Table.Td>{m.attempts}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <time dateTime={m.created_at}>{time(m.created_at)}</time>
                        </Table.Td>
                        <Table.Td style={{ wordBreak: 'break-word' }}>{m.last_error ?? '—'}</Table.Td>
                        <Table.Td>
                          {m.status === 'failed' && (
                            <Button
                              size="xs"
                              variant="default"
                              onClick={() => retryMessage(m)}
                              loading={retry.isPending && retry.variables === m.id}
                              aria-label={`Retry ${CHANNEL_NAMES[m.channel]} #${m.id}`}
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
          )}
        </>
      )}
    </Stack>
  );
}
