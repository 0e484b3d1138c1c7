import { Center, Loader } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';
import type { SalesBarChart } from './sales-bar-chart';

/** The spec's chart height; the placeholder keeps it so the page does not jump when a chart arrives. */
export const CHART_HEIGHT = 400;

// The charting library is most of a dashboard's weight: it loads after the figures and tables.
// `lazy` forgets the component's type parameter; it is the same component.
const Chart = lazy(() =>
  import('./sales-bar-chart').then((m) => ({ default: m.SalesBarChart })),
) as unknown as typeof SalesBarChart;

/** SalesBarChart, loaded on first use. */
export function LazySalesBarChart<T extends Record<string, string | number>>(
  props: ComponentProps<typeof SalesBarChart<T>>,
) {
  return (
    <Suspense
      fallback={
        <Center h={CHART_HEIGHT}>
          <Loader role="status" aria-label={`Loading the chart: ${props.label}`} />
        </Center>
      }
    >
      <Chart {...props} />
    </Suspense>
  );
}
