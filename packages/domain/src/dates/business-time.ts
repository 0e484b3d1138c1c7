import { WEEKDAYS, type Weekday } from '../constants.js';

/**
 * Business time: every location has a time zone, and "today", delivery days, fortnights and report
 * ranges are computed in it. Calendar dates are plain 'YYYY-MM-DD' strings; instants are Dates.
 */

export type IsoDate = string;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const out: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return {
    year: out.year!,
    month: out.month!,
    day: out.day!,
    hour: out.hour! % 24,
    minute: out.minute!,
    second: out.second!,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar date of an instant in a time zone. */
export function localDate(instant: Date, timeZone: string): IsoDate {
  const p = zonedParts(instant, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** Weekday name of a calendar date. */
export function weekdayOfDate(date: IsoDate): Weekday {
  const utc = new Date(`${date}T00:00:00Z`);
  return WEEKDAYS[(utc.getUTCDay() + 6) % 7]!;
}

export function weekdayAt(instant: Date, timeZone: string): Weekday {
  return weekdayOfDate(localDate(instant, timeZone));
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const utc = new Date(`${date}T00:00:00Z`);
  utc.setUTCDate(utc.getUTCDate() + days);
  return utc.toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (b - a). */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The instant at which a local wall-clock time happens in a time zone (handles DST offsets). */
export function zonedInstant(date: IsoDate, timeZone: string, hour = 0, minute = 0): Date {
  const wall = Date.parse(`${date}T${pad(hour)}:${pad(minute)}:00Z`);
  let guess = wall;
  for (let i = 0; i < 3; i++) {
    const p = zonedParts(new Date(guess), timeZone);
    const seen = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    const diff = wall - seen;
    if (diff === 0) break;
    guess += diff;
  }
  return new Date(guess);
}

/** [start, end) instants covering local calendar dates `from`..`to` inclusive. */
export function zonedRange(from: IsoDate, to: IsoDate, timeZone: string): { start: Date; end: Date } {
  return { start: zonedInstant(from, timeZone), end: zonedInstant(addDays(to, 1), timeZone) };
}

/** 'DD MMM YYYY', the date format of the wire (e.g. '05 Mar 2026'). */
export function formatWireDate(date: IsoDate): string {
  const [y, m, d] = date.split('-');
  return `${d} ${MONTHS[Number(m) - 1]} ${y}`;
}

/** 'hh:mm A', the time format of the wire (e.g. '02:05 PM'). */
export function formatWireTime(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${pad(h12)}:${pad(p.minute)} ${p.hour < 12 ? 'AM' : 'PM'}`;
}

/** Parses 'DD MMM YYYY' (also 'D MMM YYYY' and ISO 'YYYY-MM-DD') to an ISO date; null when invalid. */
export function parseWireDate(text: string): IsoDate | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const wire = /^(\d{1,2}) ([A-Za-z]{3}) (\d{4})$/.exec(trimmed);
  let y: number;
  let m: number;
  let d: number;
  if (iso) {
    [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else if (wire) {
    const month = MONTHS.findIndex((name) => name.toLowerCase() === wire[2]!.toLowerCase());
    if (month < 0) return null;
    [y, m, d] = [Number(wire[3]), month + 1, Number(wire[1])];
  } else {
    return null;
  }
  const date = `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
  const check = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== date ? null : date;
}

/** "Monday,Thursday" -> ['Monday', 'Thursday'] (unknown names dropped). */
export function parseDeliveryDays(text: string | null | undefined): Weekday[] {
  if (!text) return [];
  return text
    .split(',')
    .map((d) => d.trim())
    .filter((d): d is Weekday => (WEEKDAYS as readonly string[]).includes(d));
}

export function isDeliveryDay(instant: Date, timeZone: string, deliveryDays: readonly Weekday[]): boolean {
  return deliveryDays.includes(weekdayAt(instant, timeZone));
}

/** Fortnights start on a Monday and end 13 days later. */
export function isFortnightStart(date: IsoDate): boolean {
  return weekdayOfDate(date) === 'Monday';
}

export function fortnightEnd(start: IsoDate): IsoDate {
  return addDays(start, 13);
}
