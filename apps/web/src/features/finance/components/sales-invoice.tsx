import { FINANCE_MESSAGES, type FortnightPeriod } from '@kitchaco/domain';
import { Alert, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { isApiError } from '../../../api';
import { QueryError } from '../../../components/query-state';
import { useSearchParams } from '../../../lib/router';
import type { InvoiceRef } from '../api/email-sales-report';
import { useFortnightPeriods } from '../api/get-fortnight-periods';
import { useSalesReport } from '../api/get-sales-report';
import { GenerateReportModal } from './generate-report-modal';
import { InvoiceView } from './invoice-view';

export interface OperatorOption {
  id: number;
  business_name: string;
}

const periodLabel = (p: FortnightPeriod) => `${p.start_date} to ${p.end_date}`;

/**
 * The fortnight invoice of an external operator (or all operators' figures): operator and period
 * selectors, kept in the address so a reload shows the same invoice. A fortnight whose report has
 * not been generated says so and offers to generate it; No resets the period, as the spec's screen
 * does. Below the invoice, what the page puts beside it for the chosen fortnight (the payout
 * reconciliation: features do not import each other, the route composes them).
 */
export function SalesInvoice({
  operators,
  beside,
}: {
  operators: readonly OperatorOption[];
  beside?: (choice: { period: FortnightPeriod; operatorId: number }) => ReactNode;
}) {
  const periods = useFortnightPeriods();
  const [params, setParams] = useSearchParams();
  const operatorId = Number(params.get('operator') ?? 0);
  const periodId = Number(params.get('period') ?? 0);
  const period = periods.data?.find((p) => p.id === periodId) ?? null;
  const [notice, setNotice] = useState<string | null>(null);

  const invoiceRef: InvoiceRef | null = period
    ? {
        external_operator: operatorId,
        start_date: period.start_date,
        end_date: period.end_date,
        sales_invoice_fortnight_period: period.id,
      }
    : null;
  const report = useSalesReport(invoiceRef);
  const notGenerated = isApiError(report.error, 404) && invoiceRef !== null;

  const choose = (key: 'operator' | 'period', value: string | null, nextNotice: string | null = null) => {
    setNotice(nextNotice);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: key === 'period' && value === null },
    );
  };

  // The spec's screen: the invoice failure's message, and the period back to none.
  const declineGeneration = () =>
    choose('period', null, report.error?.message ?? FINANCE_MESSAGES.notGenerated);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>Sales Invoice</Title>
        <Text c="dimmed">
          An operator's fortnight: sales, commissions, stock and charges, and the payout to approve.
        </Text>
      </Stack>
      {periods.error && <QueryError title="The fortnights could not be loaded" error={periods.error} />}
      <Group align="flex-end" gap="md" role="group" aria-label="Invoice filters">
        <Select
          label="Operator"
          data={[
            { value: '0', label: 'All' },
            ...operators.map((o) => ({ value: String(o.id), label: o.business_name })),
          ]}
          value={String(operatorId)}
          onChange={(value) => value !== null && choose('operator', value)}
          allowDeselect={false}
          searchable
          w={300}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Fortnight period"
          placeholder={periods.isPending ? 'Loading fortnights…' : 'Choose a fortnight'}
          data={(periods.data ?? []).map((p) => ({ value: String(p.id), label: periodLabel(p) }))}
          value={period ? String(period.id) : null}
          onChange={(value) => choose('period', value)}
          allowDeselect={false}
          w={300}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>

      {notice && (
        <Alert color="orange" variant="light" role="alert" title="Not generated yet">
          {notice}
        </Alert>
      )}
      {!period && !notice && (
        <Paper withBorder p="xl">
          <Text ta="center" c="dimmed">
            {FINANCE_MESSAGES.selectPeriod}
          </Text>
        </Paper>
      )}
      {/* Not generated: the confirm below asks alone; "come back later" shows only after No. */}
      {report.error && !notGenerated && (
        <QueryError title="The invoice could not be loaded" error={report.error} />
      )}
      {invoiceRef && report.isPending && (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label="Loading the invoice" />
        </Group>
      )}
      {report.data && invoiceRef && period && (
        <InvoiceView
          // A new operator, period or approval starts from what the server holds.
          key={`${operatorId}|${period.id}|${report.data.status}|${report.data.approved_on}|${report.data.history.length}`}
          report={report.data}
          invoiceRef={invoiceRef}
          periodLabel={periodLabel(period)}
        />
      )}
      {period && beside?.({ period, operatorId })}

      <GenerateReportModal
        request={
          notGenerated && invoiceRef
            ? {
                external_operator: operatorId,
                start_date: invoiceRef.start_date,
                end_date: invoiceRef.end_date,
              }
            : null
        }
        onCancel={declineGeneration}
        onGenerated={() => setNotice(null)}
      />
    </Stack>
  );
}
