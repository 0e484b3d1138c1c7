import { Center, Loader } from '@mantine/core';
import { type ComponentProps, lazy, Suspense, startTransition, useEffect, useState } from 'react';
import type { SalesBarChart } from './sales-bar-chart';

/** The spec's chart height; the placeholder keeps it so the page does not jump when a chart arrives. */
export const CHART_HEIGHT = 400;

let chartModule: Promise<{ default: typeof SalesBarChart }> | undefined;
const loadChart = () =>
  (chartModule ??= import('./sales-bar-chart').then((m) => ({ default: m.SalesBarChart })));

// The charting library is most of a dashboard's weight: it loads after the figures and tables.
// `lazy` forgets the component's type parameter; it is the same component.
const Chart = lazy(loadChart) as unknown as typeof SalesBarChart;

/**
 * False until the screen has painted once since mounting, then true in a transition: what waits
 * for it is drawn after the rest of the screen, and its rendering yields to the person's input.
 */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/**
 * SalesBarChart, loaded on first use and drawn after the figures (issue 38: drawing the charts with
 * them kept the super admin dashboard from being usable for seconds). Its code starts loading at once.
 */
export function LazySalesBarChart<T extends Record<string, string | number>>(
  props: ComponentProps<typeof SalesBarChart<T>>,
) {
  const painted = useAfterFirstPaint();
  useEffect(() => {
    void loadChart();
  }, []);
  const placeholder = (
    <Center h={CHART_HEIGHT}>
      <Loader role="status" aria-label={`Loading the chart: ${props.label}`} />
    </Center>
  );
  return <Suspense fallback={placeholder}>{painted ? <Chart {...props} /> : placeholder}</Suspense>;
}
