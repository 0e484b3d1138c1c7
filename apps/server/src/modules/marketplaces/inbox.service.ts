import type {
  MarketplaceChannel,
  MarketplaceInboxReceipt,
  MarketplaceInboxResponse,
  MarketplaceInboxRow,
  marketplaceInboxRequest,
} from '@kitchaco/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../http/errors.js';
import { type Poller, startPoller } from '../../lib/poller.js';
import { recordAudit } from '../audit/audit.record.js';
import { processDeliverooEvent } from './deliveroo.service.js';
import { processDoordashEvent } from './doordash.service.js';
import * as q from './inbox.queries.js';
import { processUberEatsEvent } from './uber-eats.service.js';

/**
 * The marketplace webhook inbox ("receive fast, process safely", docs/marketplaces.md): a
 * verified event is written raw and answered at once; the worker processes due rows with retries
 * and backoff, one worker per row across instances.
 */

/** Attempts before a row is given up as failed (a manual retry starts the count again). */
export const INBOX_MAX_ATTEMPTS = 8;
/** Backoff after a failed attempt: 5 s doubling, at most 2 minutes (all 8 within about 7 minutes). */
export function inboxBackoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 120_000);
}
/** Rows one pass of the worker takes. */
const BATCH = 10;
/** How often the worker looks for due rows. */
export const INBOX_POLL_MS = 1_000;

/**
 * A failure worth another attempt later (the platform's timeout, 429, 5xx). `paused`: the platform
 * refuses our own credentials, no row can go through until they are fixed: the row waits without
 * spending one of its tries; `firstReport` marks the failure that began such an outage.
 */
export interface RetryableError {
  retryable: boolean;
  paused?: boolean;
  firstReport?: boolean;
  /** The platform's Retry-After: the next try waits at least this long (ms). */
  retryAfterMs?: number;
}
const isRetryable = (error: unknown) => (error as RetryableError | null)?.retryable === true;
const pausedBy = (error: unknown) => (error as RetryableError | null)?.paused === true;
/** A row paused by refused credentials is looked at again after this (no call is made meanwhile). */
export const INBOX_PAUSED_RETRY_MS = 60_000;

/** What the route keeps of a verified webhook. */
export interface ReceivedEvent {
  channel: MarketplaceChannel;
  eventId: string;
  eventType: string;
  resourceId: string | null;
  headers: Record<string, string>;
  body: string;
}

/** Stores a verified event once per (platform, event id); a resend answers duplicate: true. */
export async function receiveEvent(app: AppContext, event: ReceivedEvent): Promise<MarketplaceInboxReceipt> {
  const now = app.clock.now();
  // Its own small pool: a receipt never waits behind the queries queued under load.
  const id = await q.insertEventOnce(app.database.priorityDb, {
    ...event,
    receivedAt: now,
    nextAttemptAt: now,
  });
  app.log.info(
    {
      channel: event.channel,
      eventId: event.eventId,
      eventType: event.eventType,
      inboxId: id,
      duplicate: id === null,
    },
    'marketplace event received',
  );
  return { success: true, event_id: event.eventId, duplicate: id === null };
}

/** Processes one row: what it did, as the outcome to record. */
type Handler = (app: AppContext, row: q.InboxRow) => Promise<string>;

const HANDLERS: Partial<Record<MarketplaceChannel, Handler>> = {
  uber_eats: processUberEatsEvent,
  doordash: processDoordashEvent,
  deliveroo: processDeliverooEvent,
};

/** The lease of a taken row: long enough for the calls one attempt makes, each with its timeout. */
function leaseMs(app: AppContext): number {
  const timeoutMs = Math.max(
    app.config.uberEats?.timeoutMs ?? 10_000,
    app.config.doordash?.timeoutMs ?? 10_000,
    app.config.deliveroo?.timeoutMs ?? 10_000,
  );
  return 6 * timeoutMs + 10_000;
}

/**
 * One pass of the worker: takes the due rows (see claimDue) and processes each. A success records
 * the outcome; a retryable failure is tried again after the backoff, until INBOX_MAX_ATTEMPTS; any
 * other failure gives the row up as failed with its reason. Answers what it did.
 */
export async function processInbox(
  app: AppContext,
  limit = BATCH,
): Promise<{ processed: number; retrying: number; failed: number }> {
  const tally = { processed: 0, retrying: 0, failed: 0 };
  const now = app.clock.now();
  const leasedUntil = new Date(now.getTime() + leaseMs(app));
  const rows = await q.claimDue(app.db, now, leasedUntil, limit);
  for (const row of rows) {
    const handler = HANDLERS[row.channel as MarketplaceChannel];
    try {
      const outcome = handler
        ? await handler(app, row)
        : `ignored: ${row.channel} events are not processed through the inbox`;
      await q.finishAttempt(app.db, row.id, leasedUntil, {
        status: 'processed',
        outcome,
        lastError: null,
        processedAt: app.clock.now(),
      });
      tally.processed++;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (pausedBy(error)) {
        // Our credentials, not this row: the try is given back and the row waits its turn.
        await q.finishAttempt(app.db, row.id, leasedUntil, {
          attempts: row.attempts - 1,
          lastError: reason,
          nextAttemptAt: new Date(app.clock.now().getTime() + INBOX_PAUSED_RETRY_MS),
        });
        if ((error as RetryableError).firstReport) {
          app.log.error(
            { channel: row.channel, reason },
            'marketplace orders wait: the platform refuses our credentials',
          );
        }
        tally.retrying++;
        continue;
      }
      const giveUp = !isRetryable(error) || row.attempts >= INBOX_MAX_ATTEMPTS;
      const at = app.clock.now();
      await q.finishAttempt(
        app.db,
        row.id,
        leasedUntil,
        giveUp
          ? { status: 'failed', lastError: reason }
          : {
              lastError: reason,
              nextAttemptAt: new Date(
                at.getTime() +
                  Math.max(inboxBackoffMs(row.attempts), (error as RetryableError).retryAfterMs ?? 0),
              ),
            },
      );
      (giveUp ? app.log.error : app.log.warn).call(
        app.log,
        { channel: row.channel, eventId: row.eventId, attempts: row.attempts, reason },
        giveUp ? 'marketplace event failed' : 'marketplace event will be retried',
      );
      if (giveUp) tally.failed++;
      else tally.retrying++;
    }
  }
  return tally;
}

/** The background worker (server.ts): a pass every INBOX_POLL_MS. */
export function startInboxWorker(app: AppContext, intervalMs = INBOX_POLL_MS): Poller {
  return startPoller(app.log, 'marketplace inbox', intervalMs, async () => {
    // Drain what is due, a batch at a time, before waiting again.
    for (;;) {
      const pass = await processInbox(app);
      if (pass.processed + pass.retrying + pass.failed < BATCH) return;
    }
  });
}

function presentRow(row: q.InboxRow): MarketplaceInboxRow {
  return {
    id: row.id,
    platform: row.channel as MarketplaceChannel,
    event_id: row.eventId,
    event_type: row.eventType,
    resource_id: row.resourceId,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    outcome: row.outcome,
    received_at: row.receivedAt.toISOString(),
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    processed_at: row.processedAt?.toISOString() ?? null,
  };
}

export async function listInbox(
  app: AppContext,
  input: z.output<typeof marketplaceInboxRequest>,
): Promise<MarketplaceInboxResponse> {
  const [rows, counts] = await Promise.all([
    q.listEvents(app.db, {
      channel: input.platform,
      status: input.status,
      beforeId: input.before_id,
      limit: input.limit,
    }),
    q.countByStatus(app.db, input.platform),
  ]);
  return { success: true, rows: rows.map(presentRow), counts };
}

export async function retryInboxEvent(app: AppContext, id: number) {
  const existing = await q.findEvent(app.db, id);
  if (!existing) throw notFound(`Inbox event #${id} does not exist.`);
  const row = await app.db.transaction(async (tx) => {
    const requeued = await q.requeue(tx, id, app.clock.now());
    if (!requeued) throw conflict(`Inbox event #${id} is already processed.`);
    await recordAudit(tx, {
      entityId: id,
      locationId: null,
      summary: `Marketplace event #${id} (${existing.eventId}) put back for processing`,
      before: { status: existing.status, attempts: existing.attempts },
      after: { status: requeued.status, attempts: requeued.attempts },
    });
    return requeued;
  });
  app.log.info({ inboxId: id, eventId: row.eventId }, 'marketplace event put back for the worker');
  return { success: true as const, row: presentRow(row) };
}
