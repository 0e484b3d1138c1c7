import { addDays, localDate, ORDER_MAX_DAYS_AHEAD, zonedInstant } from '@kitchaco/domain';

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

/**
 * A local date and time at the location as an ISO instant with the location's offset,
 * '2026-11-23T12:30:00+11:00', or null when either part is missing.
 */
export function laterInstant(date: string | null, time: string, timeZone: string): string | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  const instant = zonedInstant(date, timeZone, hour, minute);
  const wall = Date.parse(`${date}T${match[1]}:${match[2]}:00Z`);
  const offset = Math.round((wall - instant.getTime()) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  return `${date}T${match[1]}:${match[2]}:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** The local date and 'HH:mm' of an ISO instant at the location (to refill the pickers). */
export function localDateTime(iso: string | null, timeZone: string): { date: string; time: string } | null {
  if (!iso) return null;
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return null;
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  return { date: localDate(instant, timeZone), time };
}

/** Today and the last day an order can be placed for, at the location. */
export function orderDateRange(now: Date, timeZone: string): { min: string; max: string } {
  const today = localDate(now, timeZone);
  return { min: today, max: addDays(today, ORDER_MAX_DAYS_AHEAD) };
}
