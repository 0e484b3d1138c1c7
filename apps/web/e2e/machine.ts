import { availableParallelism, loadavg } from 'node:os';

/**
 * How much longer than on a 4-core machine at rest a journey may take here: the time budgets of the
 * journeys (Playwright's test and expect timeouts, and each `test.setTimeout`) are multiplied by it,
 * so a 2-core or busy machine does not fail a journey that is only slow. E2E_TIMEOUT_SCALE sets it;
 * otherwise 4 / cores (at least 1), times the load already on the machine when the run starts
 * (the 1-minute load average per core, when above 1).
 */
export const TIMEOUT_SCALE = (() => {
  const set = Number(process.env.E2E_TIMEOUT_SCALE);
  if (set > 0) return set;
  const cores = availableParallelism();
  const load = loadavg()[0]! / cores;
  return Math.round(Math.max(1, 4 / cores) * Math.max(1, load) * 10) / 10;
})();

/** A time budget (ms) scaled for this machine. */
export const scaled = (ms: number) => Math.round(ms * TIMEOUT_SCALE);
