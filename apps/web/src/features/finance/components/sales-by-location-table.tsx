import { formatAUD, MARKETPLACE_NAMES, rowDifference, type SalesReportRow, toMills } from '@kitchaco/domain';
import { Badge, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { aud, NumTd, NumTh } from '../../../components/amounts';

type Channel = keyof Pick<
  SalesReportRow,
  | 'in_store_cash_sales'
  | 'in_store_card_sales'
  | 'online_pickup_sales'
  | 'online_delivery_sales'
  | 'uber_total_sales'
  | 'doordash_total_sales'
  | 'deliveroo_total_sales'
  | 'deliveroo_adjustments'
  | 'menulog_total_sales'
>;

/** The channels under their group headers (In store, Online, Marketplaces), in the invoice's order. */
const GROUPS: { label: string; columns: { key: Channel; label: string }[] }[] = [
  {
    label: 'In store',
    columns: [
      { key: 'in_store_cash_sales', label: 'Cash' },
      { key: 'in_store_card_sales', label: 'Card' },
    ],
  },
  {
    label: 'Online',
    columns: [
      { key: 'online_pickup_sales', label: 'Pickup' },
      { key: 'online_delivery_sales', label: 'Delivery' },
    ],
  },
  {
    label: 'Marketplaces',
    columns: [
      { key: 'uber_total_sales', label: MARKETPLACE_NAMES.uber_eats },
      { key: 'doordash_total_sales', label: MARKETPLACE_NAMES.doordash },
      { key: 'deliveroo_total_sales', label: MARKETPLACE_NAMES.deliveroo },
      { key: 'deliveroo_adjustments', label: `${MARKETPLACE_NAMES.deliveroo} adj.` },
      { key: 'menulog_total_sales', label: MARKETPLACE_NAMES.menulog },
    ],
  },
];
const COLUMNS = GROUPS.flatMap((g) => g.columns);
const groupHeader = {
  textAlign: 'center',
  borderBottom: '1px solid var(--mantine-color-default-border)',
} as const;

const STATUS_COLORS = { unavailable: 'gray', generated: 'blue', approved: 'green' } as const;
const STATUS_LABELS = { unavailable: 'Not generated', generated: 'Generated', approved: 'Approved' } as const;

/** A row's sales over every channel with Deliveroo's adjustments, in exact money. */
function rowTotal(row: SalesReportRow): number {
  return COLUMNS.reduce((sum, c) => sum + toMills(row[c.key]), 0);
}

const changed = { backgroundColor: 'var(--mantine-color-orange-light)' } as const;

/** An approved figure, with the live one beside it (highlighted) when they differ. */
function Figure({
  shown,
  live,
  label,
  strong = false,
}: {
  shown: string;
  live: string | null;
  label: string;
  strong?: boolean;
}): ReactNode {
  const fw = strong ? 600 : undefined;
  if (live === null) return <NumTd fw={fw}>{shown}</NumTd>;
  return (
    <NumTd fw={fw} style={changed} title={`${label}: approved ${shown}, live ${live}`}>
      <Stack gap={0} align="flex-end">
        <span>{shown}</span>
        <Text span size="xs" c="dark.8" fw={600}>
          live {live}
        </Text>
      </Stack>
    </NumTd>
  );
}

/**
 * Sales of a fortnight per location and channel (GST inclusive, canceled orders excluded; in store
 * and online net of the fortnight's card refunds, shown apart after the total), with a total row;
 * the report screen also shows each location's report status. An approved row shows the approved
 * figures; given the `live` rows (computed from the ledger now), each figure that differs is
 * highlighted with the live one beside it, and the row says "Live differs".
 */
export function SalesByLocationTable({
  rows,
  live,
  withStatus = false,
}: {
  rows: readonly SalesReportRow[];
  live?: readonly SalesReportRow[] | undefined;
  withStatus?: boolean;
}) {
  const liveOf = (row: SalesReportRow) => live?.find((l) => l.kitchaco === row.kitchaco);
  const liveValue = (row: SalesReportRow, key: Channel | 'card_refunds') => {
    const other = liveOf(row);
    if (!live || row.status !== 'approved') return null;
    const difference = rowDifference(row, other, key);
    return difference ? aud(difference.live) : null;
  };
  const liveTotal = (row: SalesReportRow) => {
    const other = liveOf(row);
    if (!live || row.status !== 'approved') return null;
    const total = other ? rowTotal(other) : 0;
    return total === rowTotal(row) ? null : formatAUD(total);
  };
  const differs = (row: SalesReportRow) =>
    liveTotal(row) !== null ||
    COLUMNS.some((c) => liveValue(row, c.key) !== null) ||
    liveValue(row, 'card_refunds') !== null;
  const totals = COLUMNS.map((c) => rows.reduce((sum, r) => sum + toMills(r[c.key]), 0));
  // Invoices approved before refunds were reported carry no refund figure: no column then.
  const withRefunds = rows.some((r) => r.card_refunds !== undefined);
  const refunds = rows.reduce((sum, r) => sum + toMills(r.card_refunds ?? 0), 0);
  return (
    // Native scrolling on a focusable region: the table has no controls, so the keyboard scrolls it here.
    <Table.ScrollContainer
      minWidth={960}
      type="native"
      tabIndex={0}
      role="region"
      aria-label="Sales by location, scrolls sideways on narrow screens"
    >
      <Table verticalSpacing={6} horizontalSpacing={8} striped aria-label="Sales by location" fz="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th rowSpan={2}>Location</Table.Th>
            {withStatus && <Table.Th rowSpan={2}>Status</Table.Th>}
            {GROUPS.map((g) => (
              <Table.Th key={g.label} colSpan={g.columns.length} scope="colgroup" style={groupHeader}>
                {g.label}
              </Table.Th>
            ))}
            <NumTh rowSpan={2}>Total</NumTh>
            {withRefunds && (
              <NumTh rowSpan={2} title="Already taken off the in-store card and online figures">
                Card refunds (included)
              </NumTh>
            )}
          </Table.Tr>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <NumTh key={c.key}>{c.label}</NumTh>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.kitchaco}>
              <Table.Th scope="row" fw={500}>
                {row.kitchaco__suburb}
              </Table.Th>
              {withStatus && (
                <Table.Td>
                  <Badge
                    variant="dot"
                    color={STATUS_COLORS[row.status]}
                    c="dark.8"
                    tt="capitalize"
                    radius="sm"
                  >
                    {STATUS_LABELS[row.status]}
                  </Badge>
                  {differs(row) && (
                    <Badge
                      variant="dot"
                      color="orange"
                      c="dark.8"
                      tt="none"
                      radius="sm"
                      mt={4}
                      display="block"
                    >
                      Live differs
                    </Badge>
                  )}
                </Table.Td>
              )}
              {COLUMNS.map((c) => (
                <Figure
                  key={c.key}
                  label={`${row.kitchaco__suburb} ${c.label}`}
                  shown={aud(row[c.key])}
                  live={liveValue(row, c.key)}
                />
              ))}
              <Figure
                label={`${row.kitchaco__suburb} total`}
                shown={formatAUD(rowTotal(row))}
                live={liveTotal(row)}
                strong
              />
              {withRefunds && (
                <Figure
                  label={`${row.kitchaco__suburb} card refunds`}
                  shown={aud(row.card_refunds ?? 0)}
                  live={liveValue(row, 'card_refunds')}
                />
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {rows.length > 1 && (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">Total</Table.Th>
              {withStatus && <Table.Td />}
              {totals.map((t, i) => (
                <NumTd key={COLUMNS[i]?.key} fw={600}>
                  {formatAUD(t)}
                </NumTd>
              ))}
              <NumTd fw={700}>{formatAUD(totals.reduce((a, b) => a + b, 0))}</NumTd>
              {withRefunds && <NumTd fw={600}>{formatAUD(refunds)}</NumTd>}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
