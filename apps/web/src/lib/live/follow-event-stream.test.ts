import { afterEach, describe, expect, it, vi } from 'vitest';
import { followEventStream, type LiveState } from './follow-event-stream';

const stream = (text: string) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
  );

function follow(responses: (() => Response | Promise<Response>)[]) {
  const fetch = vi.fn(async () => {
    const next = responses.shift();
    if (!next) return new Promise<Response>(() => undefined);
    return next();
  });
  vi.stubGlobal('fetch', fetch);
  const states: LiveState[] = [];
  const events: string[] = [];
  const connections: boolean[] = [];
  const onUnauthorized = vi.fn();
  const controller = new AbortController();
  const stop = followEventStream({
    name: 'The test stream',
    url: '/events',
    token: 'secret',
    signal: controller.signal,
    onState: (s) => states.push(s),
    onUnauthorized,
    onConnected: ({ reconnected }) => connections.push(reconnected),
    onEvent: (e) => events.push(`${e.event}:${e.data}`),
  });
  return {
    fetch,
    states,
    events,
    connections,
    onUnauthorized,
    close: () => {
      controller.abort();
      stop();
    },
  };
}

describe('followEventStream', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends the token in the header, reads the events, and reconnects with back-off after a failure', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const f = follow([
      () => stream('event: hello\ndata: 1\n\n'),
      () => Promise.reject(new TypeError('network down')),
      () => stream('event: ticket\ndata: {"id":2}\n\n'),
    ]);
    await vi.advanceTimersByTimeAsync(0);
    expect(f.fetch).toHaveBeenCalledTimes(1);
    expect(f.fetch.mock.calls[0]).toEqual([
      '/events',
      expect.objectContaining({ headers: { Authorization: 'Token secret', Accept: 'text/event-stream' } }),
    ]);
    expect(f.events).toEqual(['hello:1']);
    // The stream ended: reconnect after 1 s, then (it failed) after 2 s more.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(f.fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(f.fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.fetch).toHaveBeenCalledTimes(3);
    expect(f.events).toEqual(['hello:1', 'ticket:{"id":2}']);
    expect(f.connections).toEqual([false, true]);
    expect(f.states).toEqual(['connecting', 'live', 'reconnecting', 'reconnecting', 'live', 'reconnecting']);
    f.close();
  });

  it("reconnects within half a second after a restarting server's last event, without counting a failure", async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const f = follow([
      () => stream('event: hello\ndata: 1\n\nevent: reconnect\ndata: {"reason":"restart"}\n\n'),
      () => stream('event: hello\ndata: 2\n\n'),
    ]);
    await vi.advanceTimersByTimeAsync(0);
    expect(f.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(250);
    expect(f.fetch).toHaveBeenCalledTimes(2);
    // The restart's event is the stream's business, not the caller's; the caller reads anew.
    expect(f.events).toEqual(['hello:1', 'hello:2']);
    expect(f.connections).toEqual([false, true]);
    f.close();
  });

  it('stops on 401 and says the session ended', async () => {
    const f = follow([() => new Response('', { status: 401 })]);
    await vi.waitFor(() => expect(f.onUnauthorized).toHaveBeenCalledTimes(1));
    expect(f.states).toEqual(['connecting']);
    f.close();
  });
});
