import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { RECONNECT_EVENT } from '../lib/lifecycle.js';
import type { Actor } from './actor.js';
import { tooManyRequests, unavailable } from './errors.js';
import type { EventStream, RequestContext } from './registry.js';

const HEARTBEAT_MS = 15_000;
const RESTARTING = 'This server is restarting. Please connect again.';

/** Event streams open per account in each process (`EVENT_STREAMS_PER_CUSTOMER`). */
const openStreams = new WeakMap<AppContext, Map<string, number>>();
const TOO_MANY_STREAMS =
  'Too many live connections are open for this account. Please close another tab and try again.';

function streamOwner(actor: Actor): string {
  if (actor.kind === 'customer') return `customer:${actor.customerId}`;
  if (actor.kind === 'staff') return `staff:${actor.user.id}`;
  return 'anonymous';
}

/** Keeps a `text/event-stream` response open, with a heartbeat comment so proxies keep it alive. */
export async function openEventStream(
  ctx: RequestContext,
  request: FastifyRequest,
  reply: FastifyReply,
  stream: (ctx: RequestContext, events: EventStream) => Promise<void>,
): Promise<void> {
  let counts = openStreams.get(ctx.app);
  if (!counts) {
    counts = new Map();
    openStreams.set(ctx.app, counts);
  }
  const lifecycle = ctx.app.lifecycle;
  // A restarting instance takes no new stream: the client's retry reaches one that stays.
  if (lifecycle.draining) throw unavailable(RESTARTING, 1);
  const owner = streamOwner(ctx.actor);
  const held = counts.get(owner) ?? 0;
  if (held >= ctx.app.config.http.eventStreamsPerCustomer) throw tooManyRequests(TOO_MANY_STREAMS, 5);
  counts.set(owner, held + 1);
  const closers: (() => void)[] = [
    () => {
      const left = (counts.get(owner) ?? 1) - 1;
      if (left > 0) counts.set(owner, left);
      else counts.delete(owner);
    },
  ];
  let closed = false;
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    'x-request-id': request.id,
  });
  reply.raw.write(': connected\n\n');
  const heartbeat = setInterval(() => reply.raw.write(': ping\n\n'), HEARTBEAT_MS);
  // Its kind for the metrics: the area of its route (/api/v1/kitchen/events/ is a kitchen stream).
  const kind = request.routeOptions.url?.split('/')[3] ?? 'other';
  const untrack = lifecycle.trackStream(() => {
    // The last event of a draining instance: the client connects again at once, elsewhere.
    if (!closed) reply.raw.end(`event: ${RECONNECT_EVENT}\ndata: {"reason":"restart"}\n\n`);
  }, kind);
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    untrack();
    for (const fn of closers) fn();
  };
  request.raw.on('close', close);
  reply.raw.on('close', close);
  await stream(ctx, {
    send(event, data) {
      if (!closed) reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    onClose(fn) {
      if (closed) fn();
      else closers.push(fn);
    },
  });
}
