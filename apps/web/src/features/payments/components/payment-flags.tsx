import type { PaymentFlag } from '@kitchaco/domain';
import {
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { aud, formatCount, NumTd, NumTh } from '../../../components/amounts';
import { lazyDialog } from '../../../components/lazy-dialog';
import { businessTime, flagSubject, paymentStatusLabel, timeAgo } from '../lib/format';

// The form loads the first time a flag is closed.
const ResolveFlagModal = lazyDialog(() => import('./resolve-flag-modal').then((m) => m.ResolveFlagModal));

export const NOTHING_TO_LOOK_AT = 'Nothing to look at: every card payment matches its order.';

const dash = (
  <Text span c="dimmed">
    —
  </Text>
);

/** The card payments reconciliation could not settle by itself, each with Mark as handled. */
export function PaymentFlags({ flags, now }: { flags: readonly PaymentFlag[]; now: number }) {
  const [handling, setHandling] = useState<PaymentFlag | null>(null);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="payment-flags-title">
      <Group gap="xs" mb="xs">
        <Title order={3} size="h4" id="payment-flags-title">
          To look at
        </Title>
        {flags.length > 0 && (
          <Badge color="orange" variant="filled" aria-label={`${flags.length} flagged`}>
            {formatCount(flags.length)}
          </Badge>
        )}
      </Group>
      {flags.length === 0 ? (
        <Stack align="center" gap="xs" py="xl">
          <ThemeIcon color="green" variant="light" size={48} radius="xl" aria-hidden>
            <IconCircleCheck size={28} />
          </ThemeIcon>
          <Text fw={600} role="status">
            {NOTHING_TO_LOOK_AT}
          </Text>
        </Stack>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="md">
            Card payments that do not match their order. Settle each with the card provider (its dashboard) or
            on the order, then mark it as handled with what was done.
          </Text>
          <Table.ScrollContainer minWidth={980}>
            <Table verticalSpacing="sm" aria-label="Flagged payments" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th style={{ whiteSpace: 'nowrap' }}>Order #</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Location</Table.Th>
                  <NumTh>Amount</NumTh>
                  <NumTh>Refunded</NumTh>
                  <Table.Th miw={110}>Status</Table.Th>
                  <Table.Th>Why</Table.Th>
                  <Table.Th>Since</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {flags.map((flag) => {
                  const status = paymentStatusLabel(flag.status);
                  return (
                    <Table.Tr key={flag.payment_id}>
                      <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {flag.order_id ? `#${flag.order_id}` : 'No order'}
                      </Table.Td>
                      <Table.Td>{flag.customer || dash}</Table.Td>
                      <Table.Td>{flag.location || dash}</Table.Td>
                      <NumTd>{aud(flag.amount)}</NumTd>
                      <NumTd>{aud(flag.refunded)}</NumTd>
                      <Table.Td>
                        <Badge
                          color={status.color}
                          variant="light"
                          c="dark"
                          style={{ textTransform: 'none' }}
                        >
                          {status.label}
                        </Badge>
                      </Table.Td>
                      <Table.Td miw={240}>{flag.flag}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{businessTime(flag.flagged_at)}</Text>
                        <Text size="xs" c="dimmed">
                          {timeAgo(flag.flagged_at, now)}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        <Button
                          size="xs"
                          variant="outline"
                          onClick={() => setHandling(flag)}
                          aria-label={`Mark ${flagSubject(flag)} as handled`}
                        >
                          Mark as handled
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      <ResolveFlagModal opened={handling !== null} flag={handling} onClose={() => setHandling(null)} />
    </Paper>
  );
}
