import { readServerSentEvents, type ServerSentEvent } from './server-sent-events';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** The server's last event before it restarts (apps/server/src/lib/lifecycle.ts). */
const RESTART_EVENT = 'reconnect';
/** After a restart's last event, reconnect within this (ms), not after a failure's back-off. */
const RESTART_RETRY_MS = 500;

export interface FollowOptions {
  /** What the stream is, for the console ("The kitchen event stream"). */
  name: string;
  url: string;
  /** The session's token: sent in the Authorization header, never in the URL (URLs end up in logs). */
  token: string;
  signal: AbortSignal;
  onState: (state: LiveState) => void;
  /** The session ended elsewhere (401): no reconnect; the caller signs out. */
  onUnauthorized: () => void;
  /**
   * Each connection, once the server accepted it: whatever changed before it is not on the stream,
   * so the caller reads its list again where needed. `reconnected` is false for a first try that
   * succeeded; `startedAt` is when this connection was asked for.
   */
  onConnected?: (connection: { reconnected: boolean; startedAt: number }) => void;
  onEvent: (event: ServerSentEvent) => void;
}

/**
 * Follows a server-sent event stream read with fetch (not EventSource, which cannot send headers)
 * until `signal` aborts: a failed or ended stream reconnects with back-off (1 s doubling up to 30 s,
 * with jitter), and the state says whether it is live. The one reconnect loop of the customer's
 * order status and the kitchen display.
 */
export function followEventStream(options: FollowOptions): () => void {
  const { name, url, token, signal, onState } = options;
  let retries = 0;
  let connected = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let restarting = false;

  const connect = async () => {
    const startedAt = Date.now();
    try {
      const response = await fetch(url, {
        headers: { Authorization: `Token ${token}`, Accept: 'text/event-stream' },
        cache: 'no-store',
        signal,
      });
      if (response.status === 401) {
        options.onUnauthorized();
        return;
      }
      if (!response.ok || !response.body) throw new Error(`${name} answered ${response.status}`);
      onState('live');
      const reconnected = connected || retries > 0;
      retries = 0;
      connected = true;
      options.onConnected?.({ reconnected, startedAt });
      await readServerSentEvents(response.body, (event) => {
        // The server is restarting (a deploy): its last event. Connect again at once, through the
        // load balancer, to an instance that stays; the list is read again on connecting.
        if (event.event === RESTART_EVENT) restarting = true;
        else options.onEvent(event);
      });
    } catch (error) {
      if (signal.aborted) return;
      console.info(`${name} failed; reconnecting`, error);
    }
    if (signal.aborted) return;
    onState('reconnecting');
    if (restarting) {
      restarting = false;
      // Spread over half a second, so a restart's displays do not all arrive at once.
      timer = setTimeout(connect, RESTART_RETRY_MS * Math.random());
      return;
    }
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** retries) * (0.75 + Math.random() / 2);
    retries += 1;
    timer = setTimeout(connect, delay);
  };

  onState('connecting');
  void connect();
  return () => clearTimeout(timer);
}

/** Parses an event's JSON data with a schema; a malformed one is logged and skipped (null). */
export function parseEventData<T>(
  event: ServerSentEvent,
  schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false; error: unknown } },
  what: string,
): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(event.data));
    if (parsed.success) return parsed.data;
    console.warn(`Ignored ${what} of an unexpected shape`, parsed.error);
  } catch (error) {
    console.warn(`Ignored ${what} that is not JSON`, error);
  }
  return null;
}
