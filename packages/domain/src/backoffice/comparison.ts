import { addDays, daysBetween, type IsoDate } from '../dates/business-time.js';

/**
 * The period a dashboard compares with: as many days, ending the day before the chosen period
 * starts (1-14 Nov is compared with 18-31 Oct; one day with the day before).
 */
export function previousPeriod(from: IsoDate, to: IsoDate): { from: IsoDate; to: IsoDate } {
  const days = daysBetween(from, to) + 1;
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/**
 * The change from the previous figure to the current one as a fraction (0.124 = +12.4%), or null
 * when there is nothing to compare with (a previous figure of 0, or none).
 */
export function relativeChange(current: number, previous: number | null | undefined): number | null {
  if (previous === null || previous === undefined || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}
