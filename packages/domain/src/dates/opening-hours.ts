import { WEEKDAYS } from '../constants.js';
import { addDays, localDate, weekdayOfDate, zonedInstant, zonedParts } from './business-time.js';

/** Opening hours per weekday name, local "HH:MM"; a missing day is closed. Close may be "24:00". */
export type OpeningHours = Partial<Record<string, { open: string; close: string }>>;

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

/** True when the location is open at the instant (local time in [open, close)). */
export function isOpenAt(instant: Date, timeZone: string, hours: OpeningHours): boolean {
  const day = hours[weekdayOfDate(localDate(instant, timeZone))];
  if (!day) return false;
  const p = zonedParts(instant, timeZone);
  const now = p.hour * 60 + p.minute;
  return now >= minutesOf(day.open) && now < minutesOf(day.close);
}

/** The next instant at or after `from` when the location is open, looking a week ahead; null if never. */
export function nextOpening(from: Date, timeZone: string, hours: OpeningHours): Date | null {
  if (isOpenAt(from, timeZone, hours)) return from;
  const today = localDate(from, timeZone);
  for (let i = 0; i <= WEEKDAYS.length; i++) {
    const date = addDays(today, i);
    const day = hours[weekdayOfDate(date)];
    if (!day) continue;
    const open = minutesOf(day.open);
    const at = zonedInstant(date, timeZone, Math.floor(open / 60), open % 60);
    if (at.getTime() >= from.getTime()) return at;
  }
  return null;
}
