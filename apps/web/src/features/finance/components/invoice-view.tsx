import { FINANCE_MESSAGES, type SalesReportResponse, toAmount } from '@kitchaco/domain';
import { Alert, Badge, Box, Button, Checkbox, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCash, IconCheck, IconDownload, IconMail } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { aud } from '../../../components/amounts';
import { Panel } from '../../../components/panel';
import { useApproveSalesReport } from '../api/approve-sales-report';
import { type DocumentFormat, useDownloadInvoice } from '../api/download-invoice';
import { type InvoiceRef, useEmailSalesReport } from '../api/email-sales-report';
import {
  checkMisc,
  type InvoiceChoices,
  initialChoices,
  invoiceWithChoices,
  type MiscSlot,
} from '../invoice-choices';
import {
  CarriedLinesTable,
  CommissionTable,
  ComparisonTable,
  HistoryTable,
  PayoutTable,
  StockTable,
  TotalsTable,
} from './invoice-tables';
import { MarkPaidModal } from './mark-paid-modal';
import { MiscChargesTable } from './misc-charges-table';
import { SalesByLocationTable } from './sales-by-location-table';

interface InvoiceViewProps {
  report: SalesReportResponse;
  /** The operator and fortnight; external_operator 0 (all operators) shows the figures only. */
  invoiceRef: InvoiceRef;
  /** The period as the selector names it. */
  periodLabel: string;
}

/**
 * An operator's fortnight invoice: sales per location, stock, commissions, five miscellaneous
 * charges and the cash and card deductions, recomputed as they are typed by the domain's
 * computeInvoice (so the payout approved is the payout shown), then Approve, and once approved the
 * email and the PDF and CSV. An approved invoice shows its saved figures, the live ones beside them
 * (each difference highlighted); approving again approves the live figures shown, and when they
 * move between display and click the server's 409 names the new payout and the screen reloads them.
 */
export function InvoiceView({ report, invoiceRef, periodLabel }: InvoiceViewProps) {
  const [choices, setChoices] = useState<InvoiceChoices>(() => initialChoices(report));
  const misc = useMemo(() => checkMisc(choices.misc), [choices.misc]);
  // Once approved, the figures to approve (again) are the live ones, with the charges as typed: the
  // payout shown and sent is the one the server computes from its ledger now.
  const figures = report.live?.invoice ?? report.invoice;
  const invoice = useMemo(() => invoiceWithChoices(figures, choices, misc), [figures, choices, misc]);
  const approve = useApproveSalesReport();
  const email = useEmailSalesReport();
  const download = useDownloadInvoice();
  const perOperator = invoiceRef.external_operator > 0;
  const approved = report.status === 'approved';
  const live = approved ? report.live : undefined;
  const liveLabel = live ? ' (live)' : '';
  const invalid = misc.errors.some(Boolean);
  const [paying, setPaying] = useState(false);
  const note = approved ? (report.adjustment_note ?? null) : null;
  const carried = report.carried_lines ?? [];

  const setSlot = (index: number, slot: MiscSlot) =>
    setChoices((c) => ({ ...c, misc: c.misc.map((s, i) => (i === index ? slot : s)) }));

  const submitApproval = () => {
    if (invalid) return;
    email.reset();
    approve.mutate(
      {
        ...invoiceRef,
        misc: misc.wire,
        less_in_store_cash_sales: choices.less_in_store_cash_sales,
        less_in_store_card_sales: choices.less_in_store_card_sales,
        total_payout_inc_gst: toAmount(invoice.payout_inc_gst),
        // What the screen shows as approved: an approval made meanwhile elsewhere is refused (409).
        seen_invoice_number: approved ? (report.invoice_number ?? null) : null,
      },
      { onSuccess: (result) => notifications.show({ color: 'green', message: result.message }) },
    );
  };

  const sendEmail = () => {
    download.reset();
    email.mutate(invoiceRef);
  };
  const save = (format: DocumentFormat) => download.mutate({ format, invoice: invoiceRef });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={3} size="h4">
          {report.business_name ?? 'All operators'}: {periodLabel}
        </Title>
        <Group gap="xs">
          {approved && report.invoice_number && (
            <Text size="sm" fw={600}>
              {note ? 'Adjustment note' : 'Tax invoice'} {report.invoice_number}
            </Text>
          )}
          <Badge size="lg" variant="dot" color={approved ? 'green' : 'blue'} c="dark.8" tt="none" radius="sm">
            {approved ? 'Approved' : 'Not approved'}
          </Badge>
          {report.paid && (
            <Badge size="lg" variant="dot" color="teal" c="dark.8" tt="none" radius="sm">
              Paid
            </Badge>
          )}
        </Group>
      </Group>
      {note && (
        <Alert
          color="grape"
          variant="light"
          title={`Adjustment of ${note.adjusts}: ${note.difference > 0 ? '+' : ''}${aud(note.difference)}`}
        >
          {note.number} changes the payout approved before ({aud(note.previous_payout_inc_gst)}) to{' '}
          {aud(note.payout_inc_gst)}; the tax invoice {note.adjusts} was {aud(note.original_payout_inc_gst)}.{' '}
          {note.settled_in
            ? `The earlier version was paid: the difference is settled in the invoice of ${note.settled_in}.`
            : 'The email sends this adjustment note, for the difference only.'}
        </Alert>
      )}
      {!perOperator && (
        <Alert color="blue" variant="light">
          The sales and stock of every operator's locations. Commissions, charges and approval are per
          operator: choose one to see its invoice.
        </Alert>
      )}

      <Panel level={4} idPrefix="finance" title="Sales by location">
        {report.sales_data.length === 0 ? (
          <Text c="dimmed">No locations.</Text>
        ) : (
          <SalesByLocationTable rows={report.sales_data} live={live?.sales_data} />
        )}
      </Panel>

      {perOperator && live && (
        <Panel level={4} idPrefix="finance" title="Approved and live figures">
          <Stack gap="sm">
            {report.live_differs ? (
              <Alert color="orange" variant="light" title="The figures have changed since the approval">
                The approved figures are shown, the live ones (from the orders now) beside them, each
                difference highlighted. Commissions, totals and the payout below are the live figures: Update
                and Approve Again approves them.
              </Alert>
            ) : (
              <Text size="sm" c="dimmed">
                The live figures (from the orders now) are the approved ones.
              </Text>
            )}
            <ComparisonTable approved={report} live={live} />
          </Stack>
        </Panel>
      )}

      {perOperator && carried.length > 0 && (
        <Panel level={4} idPrefix="finance" title="Carried from approved fortnights">
          <CarriedLinesTable lines={carried} />
        </Panel>
      )}

      {/* Side by side only where the commissions' six columns fit their half (1920 px); at 1400 px one
          above the other, so no money column is cut at the card's edge. */}
      <Box style={wideCards}>
        {perOperator && (
          <Panel level={4} idPrefix="finance" title={`Commissions${liveLabel}`}>
            <CommissionTable invoice={invoice} />
          </Panel>
        )}
        <Panel level={4} idPrefix="finance" title="Stock purchased">
          <StockTable report={report} />
        </Panel>
      </Box>

      {perOperator && (
        <Panel level={4} idPrefix="finance" title="Miscellaneous charges">
          <MiscChargesTable slots={choices.misc} errors={misc.errors} onChange={setSlot} />
        </Panel>
      )}

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Panel level={4} idPrefix="finance" title={`Totals${liveLabel}`}>
          <TotalsTable invoice={invoice} withPurchases={perOperator} />
        </Panel>
        {perOperator && (
          <Panel level={4} idPrefix="finance" title={live ? 'Payout (live, to approve)' : 'Payout'}>
            <Stack gap="xs">
              <Checkbox
                label="Deduct in-store cash sales (the operator already holds the cash)"
                checked={choices.less_in_store_cash_sales}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  setChoices((c) => ({ ...c, less_in_store_cash_sales: checked }));
                }}
              />
              <Checkbox
                label="Deduct in-store card sales (paid to the operator's own terminal account)"
                checked={choices.less_in_store_card_sales}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  setChoices((c) => ({ ...c, less_in_store_card_sales: checked }));
                }}
              />
              <PayoutTable invoice={invoice} />
            </Stack>
          </Panel>
        )}
      </SimpleGrid>

      {perOperator && (
        <Panel level={4} idPrefix="finance" title="Approval">
          <Stack gap="sm">
            <Text fw={approved ? 600 : undefined}>
              {approved && report.approved_on && report.approved_by
                ? FINANCE_MESSAGES.alreadyApproved(report.approved_on, report.approved_by)
                : 'Not approved yet. Check the figures and charges, then approve the payout shown.'}
            </Text>
            {report.paid && (
              <Text size="sm">
                Paid on {report.paid.paid_on} by {report.paid.paid_by}, reference {report.paid.reference}.
              </Text>
            )}
            {approve.error && (
              <Alert color="red" variant="light" role="alert" title="Not approved">
                {approve.error.message}
              </Alert>
            )}
            {invalid && (
              <Text c="red" size="sm" role="alert">
                Correct the miscellaneous charges before approving.
              </Text>
            )}
            <Group gap="sm">
              <Button
                leftSection={<IconCheck aria-hidden size={18} />}
                onClick={submitApproval}
                loading={approve.isPending}
                disabled={invalid}
              >
                {approved ? 'Update and Approve Again' : 'Approve'}
              </Button>
              {approved && (
                <>
                  <Button
                    variant="default"
                    leftSection={<IconMail aria-hidden size={18} />}
                    onClick={sendEmail}
                    loading={email.isPending}
                  >
                    {note ? 'Email adjustment note' : 'Email to operator'}
                  </Button>
                  {!report.paid && (
                    <Button
                      variant="default"
                      leftSection={<IconCash aria-hidden size={18} />}
                      onClick={() => setPaying(true)}
                    >
                      Mark paid
                    </Button>
                  )}
                  <Button
                    variant="default"
                    leftSection={<IconDownload aria-hidden size={18} />}
                    onClick={() => save('pdf')}
                    loading={download.isPending && download.variables?.format === 'pdf'}
                  >
                    Download PDF
                  </Button>
                  <Button
                    variant="default"
                    leftSection={<IconDownload aria-hidden size={18} />}
                    onClick={() => save('csv')}
                    loading={download.isPending && download.variables?.format === 'csv'}
                  >
                    Download CSV
                  </Button>
                </>
              )}
            </Group>
            {email.data && (
              <Alert color="green" variant="light" role="status">
                {email.data.message}
              </Alert>
            )}
            {(email.error ?? download.error) && (
              <Alert color="red" variant="light" role="alert">
                {(email.error ?? download.error)?.message}
              </Alert>
            )}
          </Stack>
        </Panel>
      )}

      {approved && report.invoice_number && (
        <MarkPaidModal
          invoiceRef={invoiceRef}
          number={report.invoice_number}
          opened={paying}
          onClose={() => setPaying(false)}
        />
      )}

      {report.history.length > 0 && (
        <Panel level={4} idPrefix="finance" title="Earlier approvals">
          <HistoryTable history={report.history} />
        </Panel>
      )}
    </Stack>
  );
}

/** Cards in columns of at least 640 px (the commission table's width), as many as fit the row. */
const wideCards = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 640px), 1fr))',
  gap: 'var(--mantine-spacing-lg)',
} as const;
