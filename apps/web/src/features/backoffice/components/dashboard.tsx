import { type DashboardResponse, type KitchacoLocation, parseWireDate } from '@kitchaco/domain';
import { Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { aud, formatCount } from '../../../components/amounts';
import { locationLabel } from '../../../components/location-select';
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
import { OPERATOR_LOCATION } from '../api/back-office-keys';
import { useDashboard } from '../api/get-dashboard';
import { DASHBOARD_METRICS, metricDelta, previousPeriodName } from '../lib/comparison';
import { ItemsSoldTable, itemsSoldRows, SalesBySourceTable, SalesByVendorTable } from './dashboard-tables';
import { DetailModals } from './detail-modals';
import { LazySalesBarChart as SalesBarChart } from './lazy-sales-bar-chart';
import { type Stat, StatCards } from './stat-cards';

const hourLabel = (hour: number) => String(hour).padStart(2, '0');

interface DashboardProps {
  /**
   * The super admin's dashboard: the locations of the filter (All first). Absent: an operator's
   * dashboard, for their own location only, with no location filter.
   */
  locations?: readonly KitchacoLocation[];
}

type Compared = keyof NonNullable<DashboardResponse['previous_period']> & keyof DashboardResponse;

/** The compared period's name, from the dates the figures are for (the shown data may be the previous filter's). */
function comparedWith(d: DashboardResponse): string {
  const from = parseWireDate(d.start_date);
  const to = parseWireDate(d.end_date);
  return from && to ? previousPeriodName(from, to) : 'previous period';
}

/** A wire date ("01 Nov 2026") as the filters show dates ("01/11/2026"). */
function wireDateShown(wire: string): string {
  const date = parseWireDate(wire);
  return date ? displayDate(date) : wire;
}

function stats(d: DashboardResponse): Stat[] {
  const period = comparedWith(d);
  // Each card: its figure, how it is written; which way is good news is the metric's (DASHBOARD_METRICS).
  const stat = (
    label: string,
    key: Compared & keyof typeof DASHBOARD_METRICS,
    write: (n: number) => string,
  ) => {
    const value = d[key] as number;
    const previous = d.previous_period?.[key] as number | undefined;
    return {
      label,
      value: write(value),
      delta: metricDelta(DASHBOARD_METRICS[key], value, previous, period),
    };
  };
  return [
    stat('Total sales', 'total_sales', aud),
    stat('Kitchaco sales', 'kitchaco_sales', aud),
    stat('Cash sales', 'cash_sales', aud),
    stat('Card sales', 'card_sales', aud),
    // Already taken off total, Kitchaco and card sales (negative; a canceled order's reversal is
    // positive): compared by the amount refunded, fewer refunds being good news.
    stat('Card refunds', 'card_refunds', aud),
    stat('Marketplace sales', 'marketplace_sales', aud),
    stat('Stock sent', 'total_stock_sent', aud),
    stat('Orders', 'num_orders', formatCount),
    stat('Completed orders', 'num_completed_orders', formatCount),
    stat('Canceled orders', 'num_canceled_orders', formatCount),
    stat('Average order', 'avg_order', aud),
  ];
}

/** The hour chart's rows: this period and, when the server gave it, the previous one. */
function hourRows(d: DashboardResponse) {
  const previous = new Map(d.previous_period?.sales_by_hours.map((h) => [h.hour, h.total]));
  return d.sales_by_hours.map((h) => ({
    hour: hourLabel(h.hour),
    total: h.total,
    previous: previous.get(h.hour) ?? 0,
  }));
}

function locationRows(d: DashboardResponse) {
  const previous = new Map(d.previous_period?.sales_by_locations.map((l) => [l.id, l.total_sales]));
  return d.sales_by_locations.map((l) => ({
    location: l.location,
    total_sales: l.total_sales,
    previous: previous.get(l.id) ?? 0,
  }));
}

/**
 * Brands by name (for all locations the server merges them by name), then the brands that sold
 * only in the previous period, so a brand that stopped selling still shows.
 */
function vendorRows(d: DashboardResponse) {
  const previous = new Map(d.previous_period?.sales_by_vendors.map((v) => [v.name, v.total]));
  const rows = d.sales_by_vendors.map((v) => ({
    name: v.name,
    total: v.total,
    previous: previous.get(v.name) ?? 0,
  }));
  const shown = new Set(rows.map((r) => r.name));
  for (const [name, total] of previous) if (!shown.has(name)) rows.push({ name, total: 0, previous: total });
  return rows;
}

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
  // One location (an operator's, or one chosen): a one-bar by-location chart says nothing.
  const byLocation = (data?.sales_by_locations.length ?? 0) > 1;
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
      {dashboard.error && <QueryError title="The dashboard could not be loaded" error={dashboard.error} />}
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
          {data.previous_period && (
            <Text size="sm" c="dimmed">
              Changes are against the {comparedWith(data)}, {wireDateShown(data.previous_period.start_date)}{' '}
              to {wireDateShown(data.previous_period.end_date)}; the charts show that period in gray.
            </Text>
          )}
          <StatCards stats={stats(data)} />
          <DetailModals details={data} filenameOf={filenameOf} />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <SalesBySourceTable
              sources={data.sales_by_source}
              filename={filenameOf('sales-by-source')}
              compared={
                data.previous_period && {
                  period: comparedWith(data),
                  sales: new Map(data.previous_period.sales_by_source.map((s) => [s.source, s.total_sales])),
                }
              }
            />
            {byLocation && (
              <Panel title="Sales by Location">
                <SalesBarChart
                  data={locationRows(data)}
                  dataKey="location"
                  valueKey="total_sales"
                  previousKey={data.previous_period ? 'previous' : undefined}
                  label="Sales by location"
                  horizontal
                  empty="No sales in this period."
                />
              </Panel>
            )}
            <Panel title="Sales by Vendor (chart)">
              <SalesBarChart
                data={vendorRows(data)}
                dataKey="name"
                valueKey="total"
                previousKey={data.previous_period ? 'previous' : undefined}
                label="Sales by vendor"
                horizontal
                empty="No sales in this period."
              />
            </Panel>
            {/* Without the by-location chart, the hour chart takes the whole row (the grid stays even). */}
            <div style={byLocation ? undefined : { gridColumn: '1 / -1' }}>
              <Panel title="Sales by Hour">
                <SalesBarChart
                  data={hourRows(data)}
                  dataKey="hour"
                  valueKey="total"
                  previousKey={data.previous_period ? 'previous' : undefined}
                  label="Sales by hour of the day"
                  spoken={(hour) => `${hour}:00`}
                  xAxisLabel="Hour of the day (00 = midnight to 1 am)"
                  empty="No sales in this period."
                />
              </Panel>
            </div>
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
