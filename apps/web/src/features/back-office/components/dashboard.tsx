import type { DashboardResponse, KitchacoLocation } from '@kitchaco/domain';
import { Alert, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { aud, formatCount } from '../../../components/amounts';
import { locationLabel } from '../../../components/location-select';
import { ReportFilterBar } from '../../../components/report-filter-bar';
import { fileNamePart } from '../../../lib/download';
import {
  displayDate,
  type ReportFilters,
  sameFilters,
  useReportFilters,
} from '../../../lib/report-filters/use-report-filters';
import { OPERATOR_LOCATION } from '../api/back-office-keys';
import { useDashboard } from '../api/get-dashboard';
import { ItemsSoldTable, itemsSoldRows, SalesBySourceTable, SalesByVendorTable } from './dashboard-tables';
import { DetailModals } from './detail-modals';
import { LazySalesBarChart as SalesBarChart } from './lazy-sales-bar-chart';
import { Panel } from './panel';
import { type Stat, StatCards } from './stat-cards';

interface DashboardProps {
  /**
   * The super admin's dashboard: the locations of the filter (All first). Absent: an operator's
   * dashboard, for their own location only, with no location filter.
   */
  locations?: readonly KitchacoLocation[];
}

function stats(d: DashboardResponse): Stat[] {
  return [
    { label: 'Total sales', value: aud(d.total_sales) },
    { label: 'Kitchaco sales', value: aud(d.kitchaco_sales) },
    { label: 'Cash sales', value: aud(d.cash_sales) },
    { label: 'Card sales', value: aud(d.card_sales) },
    // Already taken off total, Kitchaco and card sales (negative; a canceled order's reversal is positive).
    { label: 'Card refunds', value: aud(d.card_refunds) },
    { label: 'Marketplace sales', value: aud(d.marketplace_sales) },
    { label: 'Stock sent', value: aud(d.total_stock_sent) },
    { label: 'Orders', value: formatCount(d.num_orders) },
    { label: 'Completed orders', value: formatCount(d.num_completed_orders) },
    { label: 'Canceled orders', value: formatCount(d.num_canceled_orders) },
    { label: 'Average order', value: aud(d.avg_order) },
  ];
}

const hourLabel = (hour: number) => String(hour).padStart(2, '0');

/**
 * The sales dashboard of /admin and /operator-admin: filters kept with every report screen, headline
 * figures, sales by source, charts, the vendor and items tables and the channel detail modals.
 */
export function Dashboard({ locations }: DashboardProps) {
  const [stored, saveFilters] = useReportFilters();
  const operator = locations === undefined;
  // An unknown stored location (or none yet) means All for the super admin.
  const locationId = operator
    ? OPERATOR_LOCATION
    : locations.some((l) => l.id === stored.locationId)
      ? stored.locationId
      : 0;
  const applied: ReportFilters = { ...stored, locationId };
  const dashboard = useDashboard(applied);
  const data = dashboard.data;

  const apply = (next: ReportFilters) => {
    // Apply always runs the call again, even with the same choice (fresh figures).
    if (sameFilters(next, applied)) void dashboard.refetch();
    else saveFilters(next);
  };

  const chosen = locations?.find((l) => l.id === data?.kitchaco_location);
  const shownLocation = !data
    ? ''
    : data.kitchaco_location === 0
      ? 'All locations'
      : chosen
        ? locationLabel(chosen)
        : (data.sales_by_locations.find((l) => l.id === data.kitchaco_location)?.location ?? '');
  const filenameOf = (name: string) =>
    `${name}-${fileNamePart(shownLocation || 'location')}-${applied.startDate}-${applied.endDate}.csv`;

  return (
    <Stack gap="lg" component="section" aria-labelledby="dashboard-title">
      <Stack gap={4}>
        <Title order={2} id="dashboard-title">
          Dashboard
        </Title>
        <Text c="dimmed">
          {operator ? 'Sales of your location' : 'Sales of every channel'} from{' '}
          {displayDate(applied.startDate)} to {displayDate(applied.endDate)}
          {!operator && shownLocation ? ` · ${shownLocation}` : ''}. Canceled orders are not counted in sales;
          card refunds are taken off when they were made.
        </Text>
      </Stack>
      <ReportFilterBar
        key={`${applied.locationId}|${applied.startDate}|${applied.endDate}`}
        locations={locations}
        applied={applied}
        onApply={apply}
        withAll
        loading={dashboard.isFetching}
        label="Dashboard filters"
      />
      {dashboard.error && (
        <Alert color="red" variant="light" role="alert" title="The dashboard could not be loaded">
          {dashboard.error.message}
        </Alert>
      )}
      {dashboard.isPending && (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label="Loading the dashboard" />
        </Group>
      )}
      {data && (
        <Stack
          gap="lg"
          style={dashboard.isPlaceholderData ? { opacity: 0.6 } : undefined}
          aria-busy={dashboard.isFetching}
        >
          <StatCards stats={stats(data)} />
          <DetailModals details={data} filenameOf={filenameOf} />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <SalesBySourceTable sources={data.sales_by_source} filename={filenameOf('sales-by-source')} />
            <Panel title="Sales by Location">
              <SalesBarChart
                data={data.sales_by_locations}
                dataKey="location"
                valueKey="total_sales"
                label="Sales by location"
                horizontal
                empty="No sales in this period."
              />
            </Panel>
            <Panel title="Sales by Vendor (chart)">
              <SalesBarChart
                data={data.sales_by_vendors}
                dataKey="name"
                valueKey="total"
                label="Sales by vendor"
                horizontal
                empty="No sales in this period."
              />
            </Panel>
            <Panel title="Sales by Hour">
              <SalesBarChart
                data={data.sales_by_hours.map((h) => ({ hour: hourLabel(h.hour), total: h.total }))}
                dataKey="hour"
                valueKey="total"
                label="Sales by hour of the day"
                spoken={(hour) => `${hour}:00`}
                xAxisLabel="Hour of the day (00 = midnight to 1 am)"
                empty="No sales in this period."
              />
            </Panel>
            <SalesByVendorTable vendors={data.sales_by_vendors} filename={filenameOf('sales-by-vendor')} />
            {data.kitchaco_location > 0 ? (
              <ItemsSoldTable items={itemsSoldRows(data)} filename={filenameOf('items-sold')} />
            ) : (
              <Panel title="Items Sold">
                <Text c="dimmed">Choose one location to see the items sold there.</Text>
              </Panel>
            )}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
