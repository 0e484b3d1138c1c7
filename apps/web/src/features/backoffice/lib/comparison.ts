import { daysBetween, type IsoDate, relativeChange } from '@kitchaco/domain';

/** How a figure's change reads: the words, and whether it went the good way. */
export interface Delta {
  /** "+12.4% vs previous 14 days". */
  text: string;
  /** "+12.4%": the change alone, where the period is said once (a table's column header). */
  percent: string;
  direction: 'up' | 'down' | 'flat';
  /** Whether the change is good news: null when neither way is (stock sent) or nothing changed. */
  good: boolean | null;
}

/** "previous 14 days", "previous day": the period a dashboard compares with (domain previousPeriod). */
export function previousPeriodName(from: IsoDate, to: IsoDate): string {
  const days = daysBetween(from, to) + 1;
  return days === 1 ? 'previous day' : `previous ${days} days`;
}

/**
 * Which way of a figure is good news: 'higher' (sales, orders), 'lower' (card refunds, canceled
 * orders: a decrease is green, an increase red) or neither (null: stock sent).
 */
export type Better = 'higher' | 'lower' | null;

/** A compared figure of the dashboard: which way is good news, and what size of it is compared. */
export interface Metric {
  better: Better;
  /**
   * The size compared and said, from the figure as the server sends it. Card refunds come negative
   * (already taken off the sales): their size is the amount refunded, so fewer refunds read "-20%".
   */
  size?: (figure: number) => number;
}

/** The headline figures of the dashboard and which way is good news for each: a property of the metric. */
export const DASHBOARD_METRICS = {
  total_sales: { better: 'higher' },
  kitchaco_sales: { better: 'higher' },
  cash_sales: { better: 'higher' },
  card_sales: { better: 'higher' },
  card_refunds: { better: 'lower', size: (figure) => -figure },
  marketplace_sales: { better: 'higher' },
  total_stock_sent: { better: null },
  num_orders: { better: 'higher' },
  num_completed_orders: { better: 'higher' },
  num_canceled_orders: { better: 'lower' },
  avg_order: { better: 'higher' },
} as const satisfies Record<string, Metric>;

/**
 * The change of a figure against the previous period, or null when there is nothing to compare
 * with (the previous figure was 0, or the server gave none). `better`: whether a rise is good news
 * (sales, orders: 'higher'), a fall is ('lower': refunds, canceled orders) or neither (null).
 */
export function deltaOf(
  current: number,
  previous: number | undefined,
  period: string,
  better: Better,
): Delta | null {
  const change = relativeChange(current, previous);
  if (change === null) return null;
  const percent = Math.round(change * 1000) / 10;
  const direction = percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat';
  const sign = percent > 0 ? '+' : '';
  return {
    text: `${sign}${percent.toFixed(1)}% vs ${period}`,
    percent: `${sign}${percent.toFixed(1)}%`,
    direction,
    good: direction === 'flat' || better === null ? null : (direction === 'up') === (better === 'higher'),
  };
}

/** A metric's change, compared by its size (card refunds by the amount refunded). */
export function metricDelta(
  metric: Metric,
  current: number,
  previous: number | undefined,
  period: string,
): Delta | null {
  const size = metric.size ?? ((figure: number) => figure);
  return deltaOf(size(current), previous === undefined ? undefined : size(previous), period, metric.better);
}
