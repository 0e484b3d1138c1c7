import type { AppContext } from '../../context.js';
import { tooManyRequests } from '../../http/errors.js';
import * as q from './limits.queries.js';

/** An allowance: at most `limit` uses of `key` per window of `windowSeconds`. */
export interface Allowance {
  key: string;
  limit: number;
  windowSeconds: number;
  /** The refusal a caller gets once the allowance is spent. */
  message: string;
}

/**
 * Spends one use of each of `spend` and checks `check` without spending it: throws 429 with the
 * first spent allowance's message (Retry-After its window), else returns. Holds under any
 * concurrency on any number of instances (one atomic statement).
 */
export async function spendAllowances(
  app: AppContext,
  spend: Allowance[],
  check: Allowance[] = [],
): Promise<void> {
  const now = app.clock.now();
  const counts = await q.countAndRead(
    app.db,
    spend.map((a) => ({ key: a.key, expiresAt: new Date(now.getTime() + a.windowSeconds * 1000) })),
    check.map((a) => a.key),
    now,
  );
  const spent = [
    ...spend.filter((a) => (counts.get(a.key) ?? 0) > a.limit),
    ...check.filter((a) => (counts.get(a.key) ?? 0) >= a.limit),
  ];
  const first = spent[0];
  if (first) throw tooManyRequests(first.message, first.windowSeconds);
}

/** A slot held on allowances whose uses are known only afterwards: kept, or given back. */
export interface HeldSlot {
  /** The try ended as a use (a card declined): its slot stays spent. */
  keep(): Promise<void>;
  /** The try ended otherwise: its slot is free again. */
  release(): Promise<void>;
}

const TRYING_WINDOW_SECONDS = 600;
const SLOT_POLL_MS = 100;
const trying = (a: Allowance) => `${a.key}:trying`;

/**
 * Holds one slot of each allowance for a try whose outcome is known only once it ends (a card that
 * may be declined): the slot counts as a use while the try runs, and is kept if the try ends as a
 * use, given back otherwise. So however many tries run at once, on any number of instances, the
 * uses never exceed the limit (each slot is taken by one atomic statement). When every slot is held
 * by tries still running (not by uses), the try waits for one (up to `waitMs`) instead of being
 * refused; when the uses themselves reach the limit, it is refused at once (429, the allowance's
 * message).
 */
export async function holdSlot(app: AppContext, allowances: Allowance[], waitMs = 15_000): Promise<HeldSlot> {
  const keys = allowances.flatMap((a) => [a.key, trying(a)]);
  const started = Date.now();
  for (;;) {
    const now = app.clock.now();
    const counts = await q.countAndRead(
      app.db,
      allowances.flatMap((a) => [
        { key: a.key, expiresAt: new Date(now.getTime() + a.windowSeconds * 1000) },
        { key: trying(a), expiresAt: new Date(now.getTime() + TRYING_WINDOW_SECONDS * 1000) },
      ]),
      [],
      now,
    );
    const full = allowances.filter((a) => (counts.get(a.key) ?? 0) > a.limit);
    if (full.length === 0) {
      return {
        keep: () => q.giveBack(app.db, allowances.map(trying), app.clock.now()),
        release: () => q.giveBack(app.db, keys, app.clock.now()),
      };
    }
    await q.giveBack(app.db, keys, now);
    // Uses (not tries still running) fill the allowance: refused now.
    const spent = full.find((a) => (counts.get(a.key) ?? 0) - (counts.get(trying(a)) ?? 0) >= a.limit);
    const refusal = spent ?? full[0]!;
    if (spent || Date.now() - started >= waitMs)
      throw tooManyRequests(refusal.message, refusal.windowSeconds);
    await new Promise((resolve) => setTimeout(resolve, SLOT_POLL_MS));
  }
}

const HOUSEKEEPING_MS = 10 * 60_000;
/** Sign-in events are counted over windows of at most a day. */
const EVENT_KEEP_MS = 2 * 86_400_000;

/** Deletes spent counters and old rate-limit events every ten minutes, so neither table grows. */
export function startLimitHousekeeping(app: AppContext): { stop(): void } {
  const timer = setInterval(() => {
    const now = app.clock.now().getTime();
    q.deleteExpired(app.db, new Date(now), new Date(now - EVENT_KEEP_MS)).catch((error: unknown) =>
      app.log.warn({ err: error }, 'rate-limit housekeeping failed; retried later'),
    );
  }, HOUSEKEEPING_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
