import { addDays, daysBetween, type IsoDate } from '@kitchaco/domain';

export interface DateRange {
  start: IsoDate | null;
  end: IsoDate | null;
}

/**
 * A new start date: one after the end moves the end with it, keeping the range's length (so the
 * range stays valid rather than the calendar refusing the day).
 */
export function withStart(range: DateRange, start: IsoDate | null): DateRange {
  const { start: before, end } = range;
  if (!start || !end || start <= end) return { start, end };
  const length = before && before <= end ? daysBetween(before, end) : 0;
  return { start, end: addDays(start, length) };
}

/** A new end date: one before the start moves the start with it, keeping the range's length. */
export function withEnd(range: DateRange, end: IsoDate | null): DateRange {
  const { start, end: before } = range;
  if (!end || !start || start <= end) return { start, end };
  const length = before && start <= before ? daysBetween(start, before) : 0;
  return { start: addDays(end, -length), end };
}
