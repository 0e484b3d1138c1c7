import { WEEKDAYS } from '../constants.js';
import { addDays, localDate, weekdayOfDate, zonedInstant } from '../dates/business-time.js';
import { isOpenAt, type OpeningHours } from '../dates/opening-hours.js';

/**
 * When a brand can be ordered from (docs/kitchen.md, "Hours, closures and sold-out items"): its
 * location's weekly hours, narrowed by the brand's own hours when it has them, minus closures
 * (holidays, a brand paused for a refit) of the location or the brand. One rule for the server (the
 * checkout refuses and schedules by it) and the customer app (greys a closed brand, says when it
 * opens).
 */
export interface Closure {
  startsAt: Date;
  endsAt: Date;
  /** What customers are told ("Christmas Day"). */
  reason?: string;
}

export interface Schedule {
  timeZone: string;
  /** Weekly hours; a missing day is closed. */
  hours: OpeningHours;
  /** Closed intervals [startsAt, endsAt) on top of the weekly hours. */
  closures: readonly Closure[];
}

/** How far ahead a next opening is looked for: a week of hours and a day more. */
const SEARCH_DAYS = WEEKDAYS.length + 1;

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * A brand's weekly hours within its location's: per day the later opening and the earlier closing
 * (a day either is closed, or where they do not overlap, is closed). Null brand hours: the
 * location's.
 */
export function brandHours(location: OpeningHours, brand: OpeningHours | null): OpeningHours {
  if (!brand) return location;
  const out: OpeningHours = {};
  for (const day of WEEKDAYS) {
    const l = location[day];
    const b = brand[day];
    if (!l || !b) continue;
    const open = Math.max(minutesOf(l.open), minutesOf(b.open));
    const close = Math.min(minutesOf(l.close), minutesOf(b.close));
    if (open < close) out[day] = { open: hhmm(open), close: hhmm(close) };
  }
  return out;
}

const inClosure = (at: Date, closures: readonly Closure[]) =>
  closures.some((c) => c.startsAt.getTime() <= at.getTime() && at.getTime() < c.endsAt.getTime());

/** Whether every one of the schedules is open at the instant (a cart of several brands). */
export function openAt(at: Date, ...schedules: Schedule[]): boolean {
  return schedules.every((s) => isOpenAt(at, s.timeZone, s.hours) && !inClosure(at, s.closures));
}

/**
 * The first instant at or after `from` when every schedule is open, looking SEARCH_DAYS ahead; null
 * when there is none. The answer is one of: `from`, a day's opening time of one of the schedules,
 * or the end of a closure; so those are the only instants tried.
 */
export function nextOpenAt(from: Date, ...schedules: Schedule[]): Date | null {
  if (schedules.length === 0) return from;
  const candidates = [from.getTime()];
  for (const s of schedules) {
    const today = localDate(from, s.timeZone);
    for (let i = 0; i <= SEARCH_DAYS; i++) {
      const date = addDays(today, i);
      const day = s.hours[weekdayOfDate(date)];
      if (!day) continue;
      const open = minutesOf(day.open);
      candidates.push(zonedInstant(date, s.timeZone, Math.floor(open / 60), open % 60).getTime());
    }
    for (const c of s.closures) candidates.push(c.endsAt.getTime());
  }
  const limit = from.getTime() + (SEARCH_DAYS + 1) * 86_400_000;
  const sorted = [...new Set(candidates)]
    .filter((t) => t >= from.getTime() && t <= limit)
    .sort((a, b) => a - b);
  for (const t of sorted) {
    const at = new Date(t);
    if (openAt(at, ...schedules)) return at;
  }
  return null;
}

/**
 * "Sold out today" ends at the next opening on a later day of the location's calendar (a kitchen
 * that sells out at 8 PM is back at tomorrow's opening; one open around the clock at midnight).
 * Without any opening in the search window: the next local midnight.
 */
export function endOfTradingDay(now: Date, schedule: Schedule): Date {
  const tomorrow = zonedInstant(addDays(localDate(now, schedule.timeZone), 1), schedule.timeZone);
  return nextOpenAt(tomorrow, schedule) ?? tomorrow;
}

/** Whether an item sold out until `soldOutUntil` (null: on sale) can be had at `at`. */
export function onSaleAt(soldOutUntil: Date | string | null | undefined, at: Date): boolean {
  if (!soldOutUntil) return true;
  return new Date(soldOutUntil).getTime() <= at.getTime();
}
