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

/** Counts one use of each allowance, without checking (a decline is counted after it happened). */
export async function countUses(app: AppContext, uses: Allowance[]): Promise<void> {
  const now = app.clock.now();
  await q.countAndRead(
    app.db,
    uses.map((a) => ({ key: a.key, expiresAt: new Date(now.getTime() + a.windowSeconds * 1000) })),
    [],
    now,
  );
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
