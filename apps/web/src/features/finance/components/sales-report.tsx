import {
  formatWireDate,
  fortnightEnd,
  type GetSalesReportRequest,
  type IsoDate,
  type KitchacoLocation,
  toMills,
} from '@kitchaco/domain';
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../api';
import { aud, NumTd } from '../../../components/amounts';
import { LocationSelect, locationLabel } from '../../../components/location-select';
import { Panel } from '../../../components/panel';
import { QueryError } from '../../../components/query-state';
import { useLocations } from '../../../lib/locations';
import { displayDate, useReportFilters } from '../../../lib/report-filters/use-report-filters';
import { useSalesReport } from '../api/get-sales-report';
import { FortnightFields, fortnightOf } from './fortnight-fields';
import { GenerateReportModal } from './generate-report-modal';
import { StockTable } from './invoice-tables';
import { SalesByLocationTable } from './sales-by-location-table';

function locationName(locations: readonly KitchacoLocation[], id: number): string {
  if (id === 0) return 'All locations';
  const location = locations.find((l) => l.id === id);
  return location ? locationLabel(location) : 'Location';
}

const REVENUE_LABELS = { gross: 'Gross (inc GST)', gst: 'GST', net: 'Net' } as const;

interface Applied {
  locationId: number;
  start: IsoDate;
}

/**
 * /admin-sales-report: a location (or all) and a fortnight starting on a Monday; the report per
 * location, or, when it has not been generated, the spec's confirm to generate it now (which also
 * emails each location its transactional summary). An approved location shows the figures approved,
 * the live ones beside them where they differ.
 */
export function SalesReport() {
  const locations = useLocations('staff');
  const [stored, saveFilters] = useReportFilters();
  const [locationId, setLocationId] = useState(stored.locationId);
  const [start, setStart] = useState<IsoDate>(() => fortnightOf(stored));
  const [applied, setApplied] = useState<Applied | null>(null);
  const [declined, setDeclined] = useState<Applied | null>(null);

  const request: GetSalesReportRequest | null = applied && {
    kitchaco: applied.locationId,
    start_date: formatWireDate(applied.start),
    end_date: formatWireDate(fortnightEnd(applied.start)),
  };
  const report = useSalesReport(request);
  const notGenerated = isApiError(report.error, 404);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    saveFilters({ locationId, startDate: start, endDate: fortnightEnd(start) });
    setDeclined(null);
    setApplied({ locationId, start });
    if (applied?.locationId === locationId && applied.start === start) void report.refetch();
  };

  const data = report.data;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>Sales Report</Title>
        <Text c="dimmed">A fortnight's sales per location and channel, Monday to Sunday 13 days later.</Text>
      </Stack>
      {locations.error && <QueryError title="The locations could not be loaded" error={locations.error} />}
      <form onSubmit={submit} aria-label="Sales report filters">
        <Group align="flex-end" gap="md">
          <LocationSelect
            locations={locations.data ?? []}
            value={locationId}
            onChange={setLocationId}
            withAll
            w={240}
          />
          <FortnightFields start={start} onStartChange={setStart} />
          <Button type="submit" loading={report.isFetching}>
            Show report
          </Button>
        </Group>
      </form>

      {!applied && (
        <Paper withBorder p="xl">
          <Text ta="center" c="dimmed">
            Choose a location and a fortnight, then Show report.
          </Text>
        </Paper>
      )}
      {notGenerated && (
        <Alert color="orange" variant="light" title="Not generated yet">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{report.error?.message}</Text>
            {declined && (
              <Button size="xs" variant="light" onClick={() => setDeclined(null)}>
                Generate it now
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {report.error && !notGenerated && (
        <QueryError title="The report could not be loaded" error={report.error} />
      )}
      {applied && report.isPending && (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label="Loading the sales report" />
        </Group>
      )}
      {data && applied && (
        <Stack gap="lg" aria-busy={report.isFetching}>
          <Title order={3} size="h4">
            {locationName(locations.data ?? [], applied.locationId)}: {displayDate(applied.start)} to{' '}
            {displayDate(fortnightEnd(applied.start))}
          </Title>
          {data.live_differs && (
            <Alert color="orange" variant="light" title="Figures have changed since the approval">
              Approved locations show the figures approved; where the orders now say otherwise, the live
              figure is highlighted beside the approved one.
            </Alert>
          )}
          <Panel level={4} idPrefix="finance" title="Sales by location">
            <SalesByLocationTable rows={data.sales_data} live={data.live?.sales_data} withStatus />
          </Panel>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <Panel level={4} idPrefix="finance" title="Revenue">
              <Table verticalSpacing={6} aria-label="Revenue" fz="sm">
                <Table.Tbody>
                  {(['gross', 'gst', 'net'] as const).map((key) => {
                    const value = data.invoice.revenue[key];
                    const live = data.live?.invoice.revenue[key];
                    const differs = live !== undefined && toMills(live) !== toMills(value);
                    return (
                      <Table.Tr key={key}>
                        <Table.Th scope="row" fw={500}>
                          {REVENUE_LABELS[key]}
                        </Table.Th>
                        <NumTd
                          style={
                            differs ? { backgroundColor: 'var(--mantine-color-orange-light)' } : undefined
                          }
                        >
                          {aud(value)}
                          {differs && (
                            <Text span size="xs" c="dark.8" fw={600} ml="xs">
                              live {aud(live)}
                            </Text>
                          )}
                        </NumTd>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Panel>
            <Panel level={4} idPrefix="finance" title="Stock purchased">
              <StockTable report={data} />
            </Panel>
          </SimpleGrid>
        </Stack>
      )}

      <GenerateReportModal
        request={
          notGenerated && request && declined === null
            ? { kitchaco: request.kitchaco ?? 0, start_date: request.start_date, end_date: request.end_date }
            : null
        }
        onCancel={() => setDeclined(applied)}
        onGenerated={() => setDeclined(null)}
      />
    </Stack>
  );
}
