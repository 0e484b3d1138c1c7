import { formatAUD, type OrderType, type QuoteResponse, toMills } from '@kitchaco/domain';
import { Alert, Box, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatLocalInstant } from '../../../lib/local-time';
import classes from './price-summary.module.css';

interface PriceSummaryProps {
  quote: QuoteResponse | undefined;
  /** New figures are on their way; the ones shown are the previous quote's. */
  updating: boolean;
  /** Why there are no figures (an error, or something to fill in first). */
  notice: ReactNode;
  timeZone: string;
  /** The customer asked for as soon as possible (so a scheduled time is the server's doing). */
  asap: boolean;
  /** A pickup order has no delivery line. */
  orderType: OrderType;
}

const aud = (amount: number) => formatAUD(toMills(amount));

/** The server's price of the order: lines, sub total, delivery, discount, total and GST. */
export function PriceSummary({ quote, updating, notice, timeZone, asap, orderType }: PriceSummaryProps) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="order-summary-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="h3" id="order-summary-title">
            Order summary
          </Title>
          {updating && (
            <Group gap={6} role="status">
              <Loader size="xs" />
              <Text size="sm">Updating prices…</Text>
            </Group>
          )}
        </Group>
        {notice}
        {quote && (
          <Box className={updating ? classes.stale : undefined}>
            <Table
              layout="fixed"
              verticalSpacing={6}
              withRowBorders={false}
              aria-label="Order lines and totals"
            >
              <Table.Tbody>
                {quote.lines.map((line) => (
                  <Table.Tr
                    key={`${line.meal_id}:${line.subitem ?? ''}:${line.combos.map((c) => c.id).join(',')}`}
                  >
                    <Table.Th scope="row" fw={400} className={classes.label}>
                      <Text fw={600}>
                        {line.quantity} × {line.meal_name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {[
                          line.vendor_title,
                          line.subitem,
                          ...line.combos.map((c) => `+ ${c.name}`),
                          line.special_request && `“${line.special_request}”`,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </Table.Th>
                    <Table.Td ta="right" className={classes.amount}>
                      {aud(line.line_total)}
                    </Table.Td>
                  </Table.Tr>
                ))}
                <SummaryRow label="Sub total" amount={aud(quote.sub_total)} divider />
                {/* Pickup has no delivery line; a charge still in stale figures shows while they update. */}
                {(orderType === 'delivery' || quote.delivery_charge > 0) && (
                  <SummaryRow
                    label="Delivery"
                    amount={quote.delivery_charge > 0 ? aud(quote.delivery_charge) : 'Free'}
                  />
                )}
                {quote.discount > 0 && (
                  <SummaryRow
                    label={quote.promo_code ? `Discount (${quote.promo_code})` : 'Discount'}
                    amount={`−${aud(quote.discount)}`}
                  />
                )}
                <SummaryRow label="Total" amount={aud(quote.total)} strong divider />
                <SummaryRow label="Includes GST" amount={aud(quote.gst)} muted />
              </Table.Tbody>
            </Table>
            <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />} mt="md" p="sm">
              <Text size="sm">
                Estimated card transaction charge (1.23%): {aud(quote.transaction_charge)}. It is borne by the
                restaurants and not added to your total.
              </Text>
            </Alert>
            {quote.earliest_pickup_at && !quote.order_later && (
              <Text size="sm" mt="sm" fw={600}>
                Earliest pickup: {formatLocalInstant(quote.earliest_pickup_at, timeZone)}.
              </Text>
            )}
            {quote.order_later && (
              <Text size="sm" mt="sm" fw={600}>
                {asap
                  ? `The kitchen is closed right now: your order will be prepared for ${formatLocalInstant(quote.order_later, timeZone)}.`
                  : `Scheduled for ${formatLocalInstant(quote.order_later, timeZone)}.`}
              </Text>
            )}
          </Box>
        )}
      </Stack>
    </Paper>
  );
}

interface SummaryRowProps {
  label: string;
  amount: string;
  strong?: boolean;
  muted?: boolean;
  divider?: boolean;
}

function SummaryRow({ label, amount, strong, muted, divider }: SummaryRowProps) {
  const size = strong ? 'lg' : muted ? 'sm' : 'md';
  return (
    <Table.Tr className={divider ? classes.divider : undefined}>
      <Table.Th scope="row" fw={strong ? 700 : 400} fz={size} c={muted ? 'dimmed' : undefined}>
        {label}
      </Table.Th>
      <Table.Td
        ta="right"
        fw={strong ? 700 : 400}
        fz={size}
        c={muted ? 'dimmed' : undefined}
        className={classes.amount}
      >
        {amount}
      </Table.Td>
    </Table.Tr>
  );
}
