import { addDays, type OpeningHours, WEEKDAYS, type Weekday, zonedInstant } from '@kitchaco/domain';

/** One weekday of the hours form: open or not, and its times ("HH:MM"; a closing 00:00 is midnight). */
export interface DayRow {
  day: Weekday;
  open: boolean;
  from: string;
  to: string;
}

const DEFAULT_DAY = { from: '11:00', to: '21:00' };

/** The form's rows for weekly hours (a missing day: closed, with the usual times ready). */
export function hoursToRows(hours: OpeningHours | null): DayRow[] {
  return WEEKDAYS.map((day) => {
    const d = hours?.[day];
    return d
      ? { day, open: true, from: d.open, to: d.close === '24:00' ? '00:00' : d.close }
      : { day, open: false, ...DEFAULT_DAY };
  });
}

/** The rows as the wire's weekly hours; a closing time of 00:00 means midnight ("24:00"). */
export function rowsToHours(rows: readonly DayRow[]): OpeningHours {
  const out: OpeningHours = {};
  for (const r of rows) {
    if (r.open) out[r.day] = { open: r.from, close: r.to === '00:00' ? '24:00' : r.to };
  }
  return out;
}

/** A row's problem in words, or null (the server says the same; this says it before saving). */
export function rowProblem(row: DayRow): string | null {
  if (!row.open) return null;
  if (!/^\d\d:\d\d$/.test(row.from) || !/^\d\d:\d\d$/.test(row.to)) return 'Enter both times.';
  const close = row.to === '00:00' ? '24:00' : row.to;
  return row.from < close ? null : 'The closing time must be after the opening time.';
}

/** A `datetime-local` value ("2026-12-25T09:30") on the location's clock, as an ISO instant. */
export function zonedInputToIso(value: string, timeZone: string): string | null {
  const m = /^(\d{4}-\d\d-\d\d)T(\d\d):(\d\d)/.exec(value);
  if (!m) return null;
  return zonedInstant(m[1]!, timeZone, Number(m[2]), Number(m[3])).toISOString();
}

/** "All day on a date": the location's midnight to the next midnight. */
export function allDayOn(date: string, timeZone: string): { starts_at: string; ends_at: string } | null {
  if (!/^\d{4}-\d\d-\d\d$/.test(date)) return null;
  return {
    starts_at: zonedInstant(date, timeZone).toISOString(),
    ends_at: zonedInstant(addDays(date, 1), timeZone).toISOString(),
  };
}

/** "Thu 25 Dec, 12:00 AM" on the location's clock. */
export function formatWhen(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-AU', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}
