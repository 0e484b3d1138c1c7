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

/**
 * @fastify/otel's `ignorePaths`: whether a request goes untraced. It is asked at each route's
 * registration (the route's options, with its `handler`) and then for each request (its url and
 * method) in its onRequest hook, and again in every wrapped handler. So no route is wrapped: a
 * request gets its one server span or none, decided once (asked at registration too, a GET route
 * was wrapped or not by one draw at start, and each wrapped handler drew again, starting a trace of
 * its own for a request the onRequest hook had left out: the read's cost depended on the draws of
 * the start). Calls that are no one's request (`untraced`: health checks, metrics) never are traced.
 * With `readsRatio` (OTEL_TRACES_SAMPLER unset), a GET or HEAD request is traced at that ratio, at
 * most `readsPerSecond` a second (readSampler), and every other request (a checkout, a staff write,
 * a webhook) whole. Decided before any span or context is made: a read left out costs nothing,
 * where a span the sampler drops still cost @fastify/otel 10 µs of CPU per request
 * (docs/performance.md).
 */
export function requestSkipper(
  readsRatio: number | null,
  readsPerSecond: number,
  untraced: (url: string | undefined) => boolean,
  traceRead: (() => boolean) | null = readsRatio === null ? null : readSampler(readsRatio, readsPerSecond),
) {
  return (route: { url?: string; method?: string | string[]; handler?: unknown }): boolean => {
    if ('handler' in route) return true;
    if (untraced(route.url)) return true;
    if (traceRead === null || (route.method !== 'GET' && route.method !== 'HEAD')) return false;
    return !traceRead();
  };
}
