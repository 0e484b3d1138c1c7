/**
 * The arithmetic of the sign-in code limits (auth.service.ts sendSmsCode): each answers how long,
 * in milliseconds from `now`, until one more code may be sent, from the sends stored so far. None of
 * them counts refusals: only a code that was really sent makes anyone wait.
 */

/**
 * A window allowance (`limit` sends per `windowMs`): 0 while there is room, else the time until
 * enough of `times` (ascending, all within the window) have left it to make room for one more.
 */
export function windowWait(times: readonly Date[], limit: number, windowMs: number, now: Date): number {
  const inside = within(times, windowMs, now);
  if (inside.length < limit) return 0;
  const leaving = inside[inside.length - limit]!;
  return Math.max(0, leaving.getTime() + windowMs - now.getTime());
}

/** The times that still count at `now`: each counts for `windowMs` after it, not a moment longer. */
function within(times: readonly Date[], windowMs: number, now: Date): readonly Date[] {
  return times.filter((t) => t.getTime() + windowMs > now.getTime());
}

/** A number's codes are counted over the last 24 hours. */
export const PHONE_WINDOW_MS = 86_400_000;

export interface PhoneSpacing {
  /** Codes within 24 hours sent without a wait. */
  free: number;
  firstWaitMs: number;
  maxWaitMs: number;
}

/**
 * How long a phone must wait for its next code, from the codes sent to it in the last 24 hours
 * (ascending). Past the free ones, each code waits after the one before it: the first wait, then
 * twice as long each time, never longer than the longest wait. Strangers can therefore slow a
 * number's codes down, never stop them: whatever was sent before, the next code is at most
 * `maxWaitMs` away.
 */
export function phoneWait(times: readonly Date[], spacing: PhoneSpacing, now: Date): number {
  const inside = within(times, PHONE_WINDOW_MS, now);
  const sent = inside.length;
  if (sent < spacing.free) return 0;
  const doublings = Math.min(sent - spacing.free, 30);
  const wait = Math.min(spacing.maxWaitMs, spacing.firstWaitMs * 2 ** doublings);
  const last = inside[sent - 1]!;
  return Math.max(0, last.getTime() + wait - now.getTime());
}

/**
 * The range a number belongs to for the per-prefix limit: the number without its last 4 digits
 * (`+61412345678` -> `+6141234`, a block of 10,000 numbers). SMS pumping sends to many numbers of
 * one premium range; a real customer's neighbours in such a block rarely sign in the same hour.
 */
export function phonePrefix(phone: string): string {
  return phone.slice(0, Math.max(4, phone.length - 4));
}

/** The service budget's day: [start, next start) of the UTC day `now` falls in. */
export function budgetDay(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { start, end: new Date(start.getTime() + 86_400_000) };
}

/** Milliseconds as the whole seconds of a Retry-After: rounded up, so waiting them is enough. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
