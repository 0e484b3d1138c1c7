/**
 * Whether a read is traced: at `ratio`, chosen at random, and at most `perSecond` in any one second
 * of `now` (milliseconds). Under a rush of reads the traces (each costs its spans' making and
 * sending) stay as many as at a normal hour: the share alone made tracing cost 12-18 % of a busy
 * menu's CPU (docs/performance.md, "Metrics and traces overhead").
 */
export function readSampler(
  ratio: number,
  perSecond: number,
  now: () => number = () => performance.now(),
  random: () => number = Math.random,
) {
  let second = Number.NaN;
  let taken = 0;
  return (): boolean => {
    if (random() >= ratio) return false;
    const current = Math.floor(now() / 1000);
    if (current !== second) {
      second = current;
      taken = 0;
    }
    if (taken >= perSecond) return false;
    taken += 1;
    return true;
  };
}
