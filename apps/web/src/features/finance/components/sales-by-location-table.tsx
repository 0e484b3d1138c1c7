import { formatAUD, type SalesReportRow, toMills } from '@kitchaco/domain';
import { Badge, Table } from '@mantine/core';
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
      { key: 'uber_total_sales', label: 'Uber Eats' },
      { key: 'doordash_total_sales', label: 'Doordash' },
      { key: 'deliveroo_total_sales', label: 'Deliveroo' },
      { key: 'deliveroo_adjustments', label: 'Deliveroo adj.' },
      { key: 'menulog_total_sales', label: 'Menulog' },
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

/**
 * Sales of a fortnight per location and channel (GST inclusive, canceled orders excluded; in store
 * and online net of the fortnight's card refunds, shown apart after the total), with a total row;
 * the report screen also shows each location's report status.
 */
export function SalesByLocationTable({
  rows,
  withStatus = false,
}: {
  rows: readonly SalesReportRow[];
  withStatus?: boolean;
}) {
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
                </Table.Td>
              )}
              {COLUMNS.map((c) => (
                <NumTd key={c.key}>{aud(row[c.key])}</NumTd>
              ))}
              <NumTd fw={600}>{formatAUD(rowTotal(row))}</NumTd>
              {withRefunds && <NumTd>{aud(row.card_refunds ?? 0)}</NumTd>}
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
