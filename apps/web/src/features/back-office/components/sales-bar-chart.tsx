import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { aud } from '../../../components/amounts';
import { CHART_HEIGHT } from './lazy-sales-bar-chart';

interface SalesBarChartProps<T extends Record<string, string | number>> {
  data: readonly T[];
  /** The category of each bar. */
  dataKey: keyof T & string;
  /** The sales figure of each bar. */
  valueKey: keyof T & string;
  /** The chart's name; screen readers hear it followed by every non-zero figure. */
  label: string;
  /** Horizontal bars, for long category names (vendors, locations). */
  horizontal?: boolean;
  xAxisLabel?: string;
  empty: string;
  /** How a category is read out, when its axis label is terse ("14" -> "14:00"). */
  spoken?: (category: string) => string;
}

/** Axis ticks in whole dollars, thousands as k: $0, $500, $12k (the tooltip shows cents). */
function axisMoney(value: number): string {
  if (Math.abs(value) >= 1000) return `$${Number((value / 1000).toFixed(1))}k`;
  return `$${Math.round(value)}`;
}

/**
 * Sales as bars. For screen readers the picture is one sentence: its name and each non-zero figure
 * (the bars themselves are not focusable).
 */
export function SalesBarChart<T extends Record<string, string | number>>({
  data,
  dataKey,
  valueKey,
  label,
  horizontal = false,
  xAxisLabel,
  empty,
  spoken = (category) => category,
}: SalesBarChartProps<T>) {
  if (data.every((row) => Number(row[valueKey]) === 0)) {
    return (
      <Text c="dimmed" py="xl" ta="center">
        {empty}
      </Text>
    );
  }
  const longest = Math.max(...data.map((row) => String(row[dataKey]).length));
  const figures = data
    .filter((row) => Number(row[valueKey]) !== 0)
    .map((row) => `${spoken(String(row[dataKey]))} ${aud(Number(row[valueKey]))}`)
    .join(', ');
  return (
    <div role="img" aria-label={`${label}: ${figures}`}>
      <BarChart
        h={CHART_HEIGHT}
        data={data as T[]}
        dataKey={dataKey}
        series={[{ name: valueKey, label: 'Sales', color: 'blue.8' }]}
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
        maxBarWidth={44}
      />
    </div>
  );
}
