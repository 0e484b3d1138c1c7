import type { CsvColumn, ReportsDataResponse } from '@kitchaco/domain';
import { Group, Loader, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { aud, formatCount, NumTd, NumTh } from '../../../components/amounts';
import { DownloadCsvButton } from '../../../components/download-csv-button';
import { Panel } from '../../../components/panel';
import { QueryError } from '../../../components/query-state';
import { ReportFilterBar } from '../../../components/report-filter-bar';
import { fileNamePart } from '../../../lib/download';
import {
  displayDate,
  type ReportFilters,
  sameFilters,
  useReportFilters,
} from '../../../lib/report-filters/use-report-filters';
import { useSearchParams } from '../../../lib/router';
import { useExternalOperators } from '../api/get-external-operators';
import { useOperatorReport } from '../api/get-operator-report';
import { csvMoney } from './dashboard-tables';
import { LazySalesBarChart as SalesBarChart } from './lazy-sales-bar-chart';
import { StatCards } from './stat-cards';

type LocationSales = ReportsDataResponse['sales_by_operator']['sales_by_location'][number];

const LOCATION_COLUMNS: CsvColumn<LocationSales>[] = [
  { header: 'Location', value: (r) => r.location },
  { header: 'Orders', value: (r) => r.num_orders },
  { header: 'Total sales', value: (r) => csvMoney(r.total_sales) },
];

function LocationTable({ rows, filename }: { rows: readonly LocationSales[]; filename: string }) {
  const title = 'Sales by Location';
  return (
    <Panel
      title={title}
      action={
        <DownloadCsvButton
          columns={LOCATION_COLUMNS}
          rows={rows}
          filename={filename}
          subject="Sales by Location"
        />
      }
    >
      {rows.length === 0 ? (
        <Text c="dimmed">This operator runs no locations.</Text>
      ) : (
        <Table verticalSpacing={6} striped aria-label="Sales by Location">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Location</Table.Th>
              <NumTh>Orders</NumTh>
              <NumTh>Total sales</NumTh>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.location}</Table.Td>
                <NumTd>{formatCount(r.num_orders)}</NumTd>
                <NumTd>{aud(r.total_sales)}</NumTd>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Panel>
  );
}

/**
 * /admin-operators: one external operator's sales over a date range, in total and per location. The
 * operator is kept in the address; the dates with every report screen.
 */
export function OperatorReport() {
  const operators = useExternalOperators();
  const [stored, saveFilters] = useReportFilters();
  const [params, setParams] = useSearchParams();
  const operatorId = Number(params.get('operator'));
  const chosen = operators.data?.find((o) => o.id === operatorId) ?? null;
  const report = useOperatorReport(
    chosen ? { operatorId: chosen.id, startDate: stored.startDate, endDate: stored.endDate } : null,
  );
  const [draft, setDraft] = useState<string | null>(params.get('operator'));

  const apply = (next: ReportFilters) => {
    if (draft === null) return;
    if (Number(draft) === chosen?.id && sameFilters(next, stored)) {
      void report.refetch();
      return;
    }
    saveFilters({ startDate: next.startDate, endDate: next.endDate });
    setParams((prev) => {
      const out = new URLSearchParams(prev);
      out.set('operator', draft);
      return out;
    });
  };

  const data = report.data?.sales_by_operator;
  const filename = (name: string) =>
    `${name}-${fileNamePart(data?.business_name ?? 'operator')}-${stored.startDate}-${stored.endDate}.csv`;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>Operators</Title>
        <Text c="dimmed">Sales of an external operator's locations over a date range.</Text>
      </Stack>
      {operators.error && <QueryError title="The operators could not be loaded" error={operators.error} />}
      <ReportFilterBar
        key={`${stored.startDate}|${stored.endDate}`}
        applied={stored}
        onApply={apply}
        loading={report.isFetching}
        label="Operator report filters"
        canApply={draft !== null}
        leading={
          <Select
            label="Operator"
            placeholder={operators.isPending ? 'Loading operators…' : 'Choose an operator'}
            data={(operators.data ?? []).map((o) => ({ value: String(o.id), label: o.business_name }))}
            value={draft}
            onChange={setDraft}
            allowDeselect={false}
            searchable
            required
            w={280}
            comboboxProps={{ withinPortal: true }}
          />
        }
      />

      {!chosen && !operators.isPending && (
        <Paper withBorder p="xl">
          <Text ta="center" c="dimmed">
            Choose an operator and Apply to see their sales.
          </Text>
        </Paper>
      )}
      {report.error && <QueryError title="The report could not be loaded" error={report.error} />}
      {chosen && report.isPending && (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label="Loading the operator report" />
        </Group>
      )}
      {data && (
        <Stack
          gap="lg"
          style={report.isPlaceholderData ? { opacity: 0.6 } : undefined}
          aria-busy={report.isFetching}
        >
          <Title order={3} size="h4">
            {data.business_name}, {displayDate(stored.startDate)} to {displayDate(stored.endDate)}
          </Title>
          <StatCards
            cols={3}
            stats={[
              { label: 'Total sales', value: aud(data.total_sales) },
              { label: 'Orders', value: formatCount(data.num_orders) },
              { label: 'Average order', value: aud(data.avg_order) },
            ]}
          />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <Panel title="Sales by Location (chart)">
              <SalesBarChart
                data={data.sales_by_location}
                dataKey="location"
                valueKey="total_sales"
                label="Sales by location"
                horizontal
                empty="No sales in this period."
              />
            </Panel>
            <LocationTable rows={data.sales_by_location} filename={filename('operator-sales-by-location')} />
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
