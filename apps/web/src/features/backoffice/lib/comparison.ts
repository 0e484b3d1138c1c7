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
 * The change of a figure against the previous period, or null when there is nothing to compare
 * with (the previous figure was 0, or the server gave none). `upIsGood`: whether a rise is good news
 * (sales, orders), bad (canceled orders) or neither (null).
 */
export function deltaOf(
  current: number,
  previous: number | undefined,
  period: string,
  upIsGood: boolean | null,
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
    good: direction === 'flat' || upIsGood === null ? null : (direction === 'up') === upIsGood,
  };
}
