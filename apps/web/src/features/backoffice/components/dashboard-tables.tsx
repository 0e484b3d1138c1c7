import type { CsvColumn, DashboardResponse, SourceFigure } from '@kitchaco/domain';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import { aud, formatCount, formatQty, NumTd, NumTh } from '../../../components/amounts';
import { DownloadCsvButton } from '../../../components/download-csv-button';
import { Panel } from '../../../components/panel';
import { UnmatchedMealName } from '../../../components/unmatched-meal-name';
import { deltaOf } from '../lib/comparison';
import { DeltaLine } from './stat-cards';

/** Money in a CSV cell: a plain number with two decimals (12.50), which spreadsheets read as one. */
export const csvMoney = (value: number) => value.toFixed(2);

const SOURCE_COLUMNS: CsvColumn<SourceFigure>[] = [
  { header: 'Source', value: (r) => r.label },
  { header: 'Orders', value: (r) => r.num_orders },
  { header: 'Sales', value: (r) => csvMoney(r.total_sales) },
  { header: 'Average order', value: (r) => (r.avg_order === null ? null : csvMoney(r.avg_order)) },
];

/** The previous period's sales per source, and the period's name ("previous 14 days"). */
export interface SourceComparison {
  period: string;
  sales: ReadonlyMap<SourceFigure['source'], number>;
}

/**
 * Sales by every source (own channel and each marketplace), the average only where there were
 * orders, and, when the dashboard compares, each source's change of sales against the previous period.
 */
export function SalesBySourceTable({
  sources,
  filename,
  compared,
}: {
  sources: readonly SourceFigure[];
  filename: string;
  compared?: SourceComparison;
}) {
  const title = 'Sales by Source';
  const columns: CsvColumn<SourceFigure>[] = compared
    ? [
        ...SOURCE_COLUMNS,
        { header: 'Sales, previous period', value: (r) => csvMoney(compared.sales.get(r.source) ?? 0) },
      ]
    : SOURCE_COLUMNS;
  return (
    <Panel
      title={title}
      action={<DownloadCsvButton columns={columns} rows={sources} filename={filename} subject={title} />}
    >
      <Table verticalSpacing={6} striped aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Source</Table.Th>
            <NumTh>Orders</NumTh>
            <NumTh>Sales</NumTh>
            <NumTh>Average order</NumTh>
            {compared && (
              // The period is said above the cards: the header stays short so the table fits its half.
              <NumTh>
                Change<VisuallyHidden> in sales vs {compared.period}</VisuallyHidden>
              </NumTh>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sources.map((s) => (
            <Table.Tr key={s.source}>
              <Table.Td>{s.label}</Table.Td>
              <NumTd>{formatCount(s.num_orders)}</NumTd>
              <NumTd>{aud(s.total_sales)}</NumTd>
              <NumTd>
                {s.avg_order === null ? (
                  <>
                    <Text span c="dimmed" aria-hidden>
                      —
                    </Text>
                    <VisuallyHidden>No orders</VisuallyHidden>
                  </>
                ) : (
                  aud(s.avg_order)
                )}
              </NumTd>
              {compared && (
                <ChangeTd
                  current={s.total_sales}
                  previous={compared.sales.get(s.source)}
                  period={compared.period}
                />
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Panel>
  );
}

/**
 * A source's change of sales against `period` (the compared period's name, "previous 14 days"), shown
 * as the percentage alone; a dash where the previous period sold nothing (no percentage to give).
 */
function ChangeTd({
  current,
  previous,
  period,
}: {
  current: number;
  previous: number | undefined;
  period: string;
}) {
  const delta = deltaOf(current, previous, period, 'higher');
  return (
    <NumTd>
      {delta ? (
        <DeltaLine delta={delta} short />
      ) : (
        <>
          <Text span c="dimmed" aria-hidden>
            —
          </Text>
          <VisuallyHidden>No sales in the previous period</VisuallyHidden>
        </>
      )}
    </NumTd>
  );
}

type Vendor = DashboardResponse['sales_by_vendors'][number];
const VENDOR_COLUMNS: CsvColumn<Vendor>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Total', value: (r) => csvMoney(r.total) },
];

export function SalesByVendorTable({ vendors, filename }: { vendors: readonly Vendor[]; filename: string }) {
  const title = 'Sales by Vendor';
  return (
    <Panel
      title={title}
      action={
        <DownloadCsvButton columns={VENDOR_COLUMNS} rows={vendors} filename={filename} subject={title} />
      }
    >
      {vendors.length === 0 ? (
        <Text c="dimmed">No sales in this period.</Text>
      ) : (
        <Table verticalSpacing={6} striped aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <NumTh>Total</NumTh>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {vendors.map((v) => (
              <Table.Tr key={v.id}>
                <Table.Td>{v.name}</Table.Td>
                <NumTd>{aud(v.total)}</NumTd>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Panel>
  );
}

export interface ItemSold {
  name: string;
  quantity: number;
  unmatched: boolean;
}

/** items_sold as rows, most sold first; names matching none of our meals flagged. */
export function itemsSoldRows(data: Pick<DashboardResponse, 'items_sold' | 'items_unmatched'>): ItemSold[] {
  const unmatched = new Set(data.items_unmatched);
  return Object.entries(data.items_sold)
    .map(([name, quantity]) => ({ name, quantity, unmatched: unmatched.has(name) }))
    .sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name));
}

const ITEM_COLUMNS: CsvColumn<ItemSold>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Quantity', value: (r) => r.quantity },
  { header: 'Matched', value: (r) => (r.unmatched ? 'no' : 'yes') },
];

/** Items sold at one location; a marketplace name that matches none of our meals shows in red. */
export function ItemsSoldTable({ items, filename }: { items: readonly ItemSold[]; filename: string }) {
  const title = 'Items Sold';
  return (
    <Panel
      title={title}
      action={<DownloadCsvButton columns={ITEM_COLUMNS} rows={items} filename={filename} subject={title} />}
    >
      {items.length === 0 ? (
        <Text c="dimmed">No items sold in this period.</Text>
      ) : (
        <Table verticalSpacing={6} striped aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <NumTh>Quantity</NumTh>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.name}>
                <Table.Td>{item.unmatched ? <UnmatchedMealName name={item.name} /> : item.name}</Table.Td>
                <NumTd>{formatQty(item.quantity)}</NumTd>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Panel>
  );
}
