import {
  type AmountWithGst,
  type CarriedLine,
  compareReports,
  formatAUD,
  INVOICE_CHANNEL_LABELS,
  INVOICE_CHANNELS,
  type Invoice,
  type ReportFigures,
  type SalesReportResponse,
} from '@kitchaco/domain';
import { Badge, Table, VisuallyHidden } from '@mantine/core';
import { aud, NumTd, NumTh } from '../../../components/amounts';
import { formatRate } from '../invoice-choices';

/**
 * Commission per channel: the operator's rate times the channel's sales is the commission ex GST;
 * GST (10%) is charged on top; the commission inc GST is what comes off the operator's earnings.
 */
export function CommissionTable({ invoice }: { invoice: Invoice }) {
  return (
    <Table verticalSpacing={6} horizontalSpacing={8} striped aria-label="Commissions" fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Channel</Table.Th>
          <NumTh>Rate</NumTh>
          <NumTh>Sales</NumTh>
          <NumTh>Commission (ex GST)</NumTh>
          <NumTh>GST</NumTh>
          <NumTh>Commission (inc GST)</NumTh>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {INVOICE_CHANNELS.map((channel) => {
          const line = invoice.commissions[channel];
          return (
            <Table.Tr key={channel}>
              <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {INVOICE_CHANNEL_LABELS[channel]}
              </Table.Th>
              <NumTd>{formatRate(line.rate)}</NumTd>
              <NumTd>{formatAUD(invoice.sales[channel])}</NumTd>
              <NumTd>{formatAUD(line.net)}</NumTd>
              <NumTd>{formatAUD(line.gst)}</NumTd>
              <NumTd>{formatAUD(line.gross)}</NumTd>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
            Total
          </Table.Th>
          <Table.Td />
          <Table.Td />
          <NumTd fw={700}>{formatAUD(invoice.total_commission.net)}</NumTd>
          <NumTd fw={700}>{formatAUD(invoice.total_commission.gst)}</NumTd>
          <NumTd fw={700}>{formatAUD(invoice.total_commission.gross)}</NumTd>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

/** Stock the locations bought in the fortnight, with the admin adjustments and fees inside it. */
export function StockTable({ report }: { report: SalesReportResponse }) {
  const rows: [string, number][] = [
    ['Gross (inc GST)', report.gross_stock_purchased],
    ['GST', report.gst_stock_purchased],
    ['Net', report.net_stock_purchased],
    ['Of which admin adjustments', report.admin_adjustment_stock_purchased],
    ['Of which below-minimum order fees', report.delivery_charge_stock_purchased],
  ];
  return (
    <Table verticalSpacing={6} aria-label="Stock purchased" fz="sm">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" fw={label.startsWith('Of which') ? 400 : 500}>
              {label}
            </Table.Th>
            <NumTd>{aud(value)}</NumTd>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function AmountRow({
  label,
  amount,
  strong = false,
}: {
  label: string;
  amount: AmountWithGst;
  strong?: boolean;
}) {
  const fw = strong ? 700 : undefined;
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={strong ? 700 : 500}>
        {label}
      </Table.Th>
      <NumTd fw={fw}>{formatAUD(amount.gross)}</NumTd>
      <NumTd fw={fw}>{formatAUD(amount.gst)}</NumTd>
      <NumTd fw={fw}>{formatAUD(amount.net)}</NumTd>
    </Table.Tr>
  );
}

const stockAmount = (invoice: Invoice): AmountWithGst => ({
  gross: invoice.stock.gross,
  gst: invoice.stock.gst,
  net: invoice.stock.net,
});

/** Revenue, what the operator buys from the provider, and what is left: earnings. */
export function TotalsTable({ invoice, withPurchases }: { invoice: Invoice; withPurchases: boolean }) {
  return (
    <Table verticalSpacing={6} aria-label="Totals" fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Figure</Table.Th>
          <NumTh>Gross (inc GST)</NumTh>
          <NumTh>GST</NumTh>
          <NumTh>Net (ex GST)</NumTh>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <AmountRow label="Total revenue" amount={invoice.revenue} />
        {withPurchases && (
          <>
            <AmountRow label="Commissions" amount={invoice.total_commission} />
            <AmountRow label="Stock purchased" amount={stockAmount(invoice)} />
            <AmountRow label="Miscellaneous charges" amount={invoice.total_misc} />
            <AmountRow label="Total purchases" amount={invoice.purchases} />
            <AmountRow label="Total earnings" amount={invoice.earnings} strong />
          </>
        )}
      </Table.Tbody>
    </Table>
  );
}

/** Earnings less what the operator already holds: the payout. */
export function PayoutTable({ invoice }: { invoice: Invoice }) {
  return (
    <Table verticalSpacing={6} aria-label="Payout" fz="sm">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row" fw={500}>
            Total earnings (inc GST)
          </Table.Th>
          <NumTd>{formatAUD(invoice.earnings.gross)}</NumTd>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row" fw={500}>
            Less in-store cash sales
          </Table.Th>
          <NumTd>{formatAUD(-invoice.less_in_store_cash_sales)}</NumTd>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row" fw={500}>
            Less in-store card sales
          </Table.Th>
          <NumTd>{formatAUD(-invoice.less_in_store_card_sales)}</NumTd>
        </Table.Tr>
        {invoice.total_carried.gross !== 0 && (
          <Table.Tr>
            <Table.Th scope="row" fw={500}>
              Carried lines (reconciliation, adjustment notes)
            </Table.Th>
            <NumTd>{formatAUD(invoice.total_carried.gross)}</NumTd>
          </Table.Tr>
        )}
        <Table.Tr>
          <Table.Th scope="row" fw={700}>
            Payout (inc GST)
          </Table.Th>
          <NumTd fw={700} fz="md" aria-live="polite">
            {formatAUD(invoice.payout_inc_gst)}
          </NumTd>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** Earlier approvals of this invoice, newest first: each superseded by a later one, kept for the record. */
export function HistoryTable({ history }: { history: SalesReportResponse['history'] }) {
  return (
    <Table verticalSpacing={6} striped aria-label="Earlier approvals" fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Document</Table.Th>
          <Table.Th>Approved on</Table.Th>
          <Table.Th>By</Table.Th>
          <NumTh>Payout (inc GST)</NumTh>
          <Table.Th>Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {history.map((h, i) => (
          // Two approvals can share a day, an approver and a payout: the position tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list only changes as a whole
          <Table.Tr key={i}>
            <Table.Td>{h.number ?? ''}</Table.Td>
            <Table.Td>{h.approved_on}</Table.Td>
            <Table.Td>{h.approved_by}</Table.Td>
            <NumTd>{aud(h.payout_inc_gst)}</NumTd>
            <Table.Td>Superseded</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const CARRIED_KIND_LABELS: Record<CarriedLine['kind'], string> = {
  refund: 'Refund',
  reversal: 'Reversal',
  cancellation: 'Cancellation',
  reopening: 'Reopening',
  payout_refund: 'Platform refund',
  payout_adjustment: 'Platform adjustment',
  paid_invoice_adjustment: 'Adjustment note',
};

/**
 * Money carried into this fortnight from approved ones: each line with its order (or platform
 * order), the approved invoice it was in, and whether it is already in the sales above (a refund or
 * a cancellation) or added to the payout (reconciliation, a paid invoice's adjustment note).
 */
export function CarriedLinesTable({ lines }: { lines: readonly CarriedLine[] }) {
  return (
    <Table verticalSpacing={6} striped aria-label="Carried from approved fortnights" fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Line</Table.Th>
          <Table.Th>Kind</Table.Th>
          <Table.Th>Order date</Table.Th>
          <Table.Th>Approved invoice</Table.Th>
          <Table.Th>Counted</Table.Th>
          <NumTh>Amount (inc GST)</NumTh>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list only changes as a whole
          <Table.Tr key={i}>
            <Table.Td title={l.source}>{l.label}</Table.Td>
            <Table.Td>{CARRIED_KIND_LABELS[l.kind]}</Table.Td>
            <Table.Td>{l.order_date ?? ''}</Table.Td>
            <Table.Td>{l.reference}</Table.Td>
            <Table.Td>{l.in_ledger ? 'In the sales' : 'In the payout'}</Table.Td>
            <NumTd>{aud(l.amount)}</NumTd>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The invoice's figures as approved and as the ledger has them now (with the same charges and
 * deductions), each difference highlighted; a location's channel figures are listed when they differ
 * (the sales table highlights them too).
 */
export function ComparisonTable({ approved, live }: { approved: ReportFigures; live: ReportFigures }) {
  const figures = compareReports(approved, live).filter((f) => f.differs || !f.key.startsWith('row:'));
  return (
    <Table verticalSpacing={6} striped aria-label="Approved and live figures" fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Figure</Table.Th>
          <NumTh>Approved</NumTh>
          <NumTh>Live</NumTh>
          <Table.Th>
            <VisuallyHidden>Changed</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {figures.map((f) => {
          const style = f.differs ? { backgroundColor: 'var(--mantine-color-orange-light)' } : undefined;
          return (
            <Table.Tr key={f.key} style={style} data-differs={f.differs || undefined}>
              <Table.Th scope="row" fw={f.differs ? 700 : 500}>
                {f.label}
              </Table.Th>
              <NumTd>{aud(f.approved)}</NumTd>
              <NumTd fw={f.differs ? 700 : undefined}>{aud(f.live)}</NumTd>
              <Table.Td>
                {f.differs && (
                  <Badge variant="dot" color="orange" c="dark.8" tt="none" radius="sm">
                    Changed
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
