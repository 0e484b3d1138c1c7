import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { aud } from '../../../components/amounts';
import { axisMoney } from '../lib/axis-money';
import { CHART_HEIGHT } from './lazy-sales-bar-chart';

interface SalesBarChartProps<T extends Record<string, string | number>> {
  data: readonly T[];
  /** The category of each bar. */
  dataKey: keyof T & string;
  /** The sales figure of each bar. */
  valueKey: keyof T & string;
  /** The same figure for the previous period: a second, muted bar beside each, and a legend. */
  previousKey?: keyof T & string;
  /** The chart's name; screen readers hear it followed by every non-zero figure. */
  label: string;
  /** Horizontal bars, for long category names (vendors, locations). */
  horizontal?: boolean;
  xAxisLabel?: string;
  empty: string;
  /** How a category is read out, when its axis label is terse ("14" -> "14:00"). */
  spoken?: (category: string) => string;
}

/** The current period in the theme's primary colour; the previous one muted (3:1 on white). */
export const CURRENT_COLOR = 'var(--mantine-primary-color-filled)';
export const PREVIOUS_COLOR = 'gray.6';

/**
 * Sales as bars, with the previous period's beside them when given. For screen readers the picture
 * is one sentence: its name and each non-zero figure, with the previous period's (the bars
 * themselves are not focusable).
 */
export function SalesBarChart<T extends Record<string, string | number>>({
  data,
  dataKey,
  valueKey,
  previousKey,
  label,
  horizontal = false,
  xAxisLabel,
  empty,
  spoken = (category) => category,
}: SalesBarChartProps<T>) {
  const figure = (row: T, key: (keyof T & string) | undefined) => (key ? Number(row[key]) : 0);
  if (data.every((row) => figure(row, valueKey) === 0 && figure(row, previousKey) === 0)) {
    return (
      <Text c="dimmed" py="xl" ta="center">
        {empty}
      </Text>
    );
  }
  const longest = Math.max(...data.map((row) => String(row[dataKey]).length));
  const figures = data
    .filter((row) => figure(row, valueKey) !== 0 || figure(row, previousKey) !== 0)
    .map(
      (row) =>
        `${spoken(String(row[dataKey]))} ${aud(figure(row, valueKey))}${
          previousKey ? ` (previous period ${aud(figure(row, previousKey))})` : ''
        }`,
    )
    .join(', ');
  const series = [
    { name: valueKey, label: previousKey ? 'This period' : 'Sales', color: CURRENT_COLOR },
    ...(previousKey ? [{ name: previousKey, label: 'Previous period', color: PREVIOUS_COLOR }] : []),
  ];
  return (
    <div role="img" aria-label={`${label}: ${figures}`}>
      <BarChart
        h={CHART_HEIGHT}
        data={data as T[]}
        dataKey={dataKey}
        series={series}
        withLegend={previousKey !== undefined}
        // This period first (the legend would sort its names alphabetically).
        legendProps={{ verticalAlign: 'top', height: 36, itemSorter: null }}
        orientation={horizontal ? 'vertical' : 'horizontal'}
        valueFormatter={aud}
        xAxisLabel={horizontal ? undefined : xAxisLabel}
        tickLine="none"
        gridAxis={horizontal ? 'x' : 'y'}
        withTooltip
        // The keyboard layer would put a focus stop inside role="img"; the table holds the figures.
        accessibilityLayer={false}
        tooltipAnimationDuration={0}
        yAxisProps={
          horizontal
            ? { width: Math.min(220, 12 + longest * 7), interval: 0 }
            : { width: 64, tickFormatter: axisMoney }
        }
        xAxisProps={horizontal ? { tickFormatter: axisMoney } : { interval: 0 }}
        barProps={{ isAnimationActive: false }}
        maxBarWidth={previousKey ? 22 : 44}
      />
    </div>
  );
}
