import type { StockBundleItem } from '@kitchaco/domain';
import { Alert, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatQty, NumTd, NumTh } from '../../../components/amounts';
import { ReportFilterBar } from '../../../components/report-filter-bar';
import { UnmatchedMealName } from '../../../components/unmatched-meal-name';
import { useLocations } from '../../../lib/locations';
import { type ReportFilters, useReportFilters } from '../../../lib/report-filters/use-report-filters';
import { useStockUsageReport } from '../api/get-stock-usage-report';

function bundleSummary(bundle: readonly StockBundleItem[]): string {
  if (bundle.length === 0) return 'No stock bundle';
  return bundle.map((b) => `${formatQty(b.qty)} ${b.stock_list__qty_type} ${b.stock_list__name}`).join(', ');
}

/**
 * The stock usage report of /admin: meals sold at a location in a date range (every channel), their
 * stock bundles, and the stock used per item. Self-contained: it loads its own locations and keeps
 * its filters with the other report screens.
 */
export function StockUsageReport() {
  const locations = useLocations('staff');
  const [stored, saveFilters] = useReportFilters();
  const list = locations.data ?? [];
  // The report is per location: "All" (0) or an unknown id falls back to the first location.
  const locationId = list.some((l) => l.id === stored.locationId) ? stored.locationId : (list[0]?.id ?? 0);
  const filters: ReportFilters = { ...stored, locationId };
  const report = useStockUsageReport(filters, locationId > 0);

  return (
    <Stack gap="md" component="section" aria-labelledby="stock-usage-title">
      <Title order={2} size="h3" id="stock-usage-title">
        Stock usage report
      </Title>
      {locations.error && (
        <Alert color="red" variant="light" role="alert">
          {locations.error.message}
        </Alert>
      )}
      {locations.isPending ? (
        <Loader role="status" aria-label="Loading locations" />
      ) : (
        <ReportFilterBar
          key={`${locationId}|${filters.startDate}|${filters.endDate}`}
          locations={list}
          applied={filters}
          onApply={saveFilters}
          loading={report.isFetching}
          label="Stock usage filters"
        />
      )}
      {report.error && (
        <Alert color="red" variant="light" role="alert">
          {report.error.message}
        </Alert>
      )}
      {report.data && (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <Paper withBorder p="md">
            <Title order={3} size="h5" mb="xs">
              Meals sold
            </Title>
            {report.data.meal_sold.length === 0 ? (
              <Text c="dimmed">No meals sold in this period.</Text>
            ) : (
              <Table verticalSpacing={6} striped aria-label="Meals sold">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Meal</Table.Th>
                    <NumTh>Quantity</NumTh>
                    <Table.Th>Stock bundle (per meal)</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.data.meal_sold.map((meal) => (
                    <Table.Tr key={`${meal.id}|${meal.meal_name}`}>
                      <Table.Td>
                        {meal.id === -1 ? <UnmatchedMealName name={meal.meal_name} /> : meal.meal_name}
                      </Table.Td>
                      <NumTd>{formatQty(meal.quantity)}</NumTd>
                      <Table.Td>
                        <Text size="sm" c={meal.stock_bundle.length === 0 ? 'dimmed' : undefined}>
                          {bundleSummary(meal.stock_bundle)}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
          <Paper withBorder p="md">
            <Title order={3} size="h5" mb="xs">
              Stock used
            </Title>
            {report.data.stock_list.length === 0 ? (
              <Text c="dimmed">No stock used in this period.</Text>
            ) : (
              <Table verticalSpacing={6} striped aria-label="Stock used">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Stock item</Table.Th>
                    <NumTh>Quantity</NumTh>
                    <Table.Th>Unit</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.data.stock_list.map((item) => (
                    <Table.Tr key={item.id}>
                      <Table.Td>{item.name}</Table.Td>
                      <NumTd>{formatQty(item.qty)}</NumTd>
                      <Table.Td>{item.qty_type}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
        </SimpleGrid>
      )}
    </Stack>
  );
}
