import {
  type DeliverooPayload,
  type DeliverooSyncStatus,
  deliverooSyncDue,
  deliverooSyncStatus,
  type MarketplaceWebhookResponse,
  normalizeDeliveroo,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import { unprocessable } from '../../http/errors.js';
import {
  CREDENTIALS_REFUSED,
  DeliverooApi,
  type DeliverooSyncOutcome,
} from '../../integrations/deliveroo.js';
import { PermanentInboxError } from './inbox.errors.js';
import * as inboxQueries from './inbox.queries.js';
import type { RetryableError } from './inbox.service.js';
import { placeWebhookOrder, storeWebhookOrder, unmappedStoreMessage } from './marketplaces.service.js';

/**
 * Deliveroo (UK) orders and their sync status (docs/marketplaces.md, "Deliveroo"). Deliveroo's pages:
 * https://api-docs.deliveroo.com/reference/order-events-webhook-1 (the order events webhook),
 * https://api-docs.deliveroo.com/docs/listen-to-new-order-events-via-a-webhook (when a sync status
 * is due), https://api-docs.deliveroo.com/reference/create-sync-status-1 (the call),
 * https://api-docs.deliveroo.com/docs/authentication (its token).
 *
 * The webhook stores the order at once, as before (its answer is unchanged), and when the order is
 * accepted (deliverooSyncDue) writes the sync status to the marketplace inbox, once per Deliveroo
 * order: `succeeded` for an order stored; `failed` with Deliveroo's reason for one we refuse (an
 * unmapped store: `location_not_supported`, still answered 422) or whose items match none of the
 * store's meals (`pos_item_id_not_found`: the order is stored as before, with its lines unmatched,
 * and Deliveroo's tablet asks staff to check it). The inbox worker sends it (processDeliverooEvent):
 * retried with backoff on 429, 5xx and timeouts, never sent twice (a resend of the webhook finds
 * the inbox row there), and a 409 (already synced, or past Deliveroo's 3 minutes) is final.
 */

/** Names the settings in a refusal of our credentials and in an unconfigured worker's error. */
const SETTINGS = 'DELIVEROO_CLIENT_ID and DELIVEROO_CLIENT_SECRET';
const SYNC_EVENT = 'sync_status';
/** How a 429's error begins (nothingLanded reads it back from the row). */
const RATE_LIMITED = 'Deliveroo answered 429 to the sync status';

/** Stores a Deliveroo order notification (marketplaces.service.ts) and queues its sync status. */
export async function receiveDeliverooWebhook(
  app: AppContext,
  payload: DeliverooPayload,
): Promise<MarketplaceWebhookResponse> {
  const order = normalizeDeliveroo(payload);
  const due = deliverooSyncDue(payload.body.order.status);
  const placed = await placeWebhookOrder(app, order);
  if (!placed.store) {
    const message = unmappedStoreMessage('deliveroo', order.storeId);
    if (due) {
      await queueSyncStatus(app, order.externalId, {
        status: 'failed',
        reason: 'location_not_supported',
        notes: message.slice(0, 500),
        occurred_at: app.clock.now().toISOString(),
      });
    }
    throw unprocessable(message, 'store_id');
  }
  const answer = await storeWebhookOrder(app, placed);
  if (due) {
    const noneMatched = placed.unmatched.length === order.lines.length;
    await queueSyncStatus(
      app,
      order.externalId,
      noneMatched
        ? {
            status: 'failed',
            reason: 'pos_item_id_not_found',
            notes:
              `Stored as order #${answer.order_id}, but none of the items matches a meal of the store's menu: ${placed.unmatched.join(', ')}`.slice(
                0,
                500,
              ),
            occurred_at: app.clock.now().toISOString(),
          }
        : { status: 'succeeded', occurred_at: app.clock.now().toISOString() },
    );
  }
  return answer;
}

/**
 * Writes the order's sync status to the inbox unless one is there already (keyed by the Deliveroo
 * order id), before the webhook is answered: a failure here answers 5xx and Deliveroo sends the
 * notification again, so the sync status is never lost; a resend finds the row and adds nothing.
 */
async function queueSyncStatus(app: AppContext, orderId: string, body: DeliverooSyncStatus): Promise<void> {
  const now = app.clock.now();
  const id = await inboxQueries.insertEventOnce(app.database.priorityDb, {
    channel: 'deliveroo',
    eventId: `${SYNC_EVENT}:${orderId}`,
    eventType: SYNC_EVENT,
    resourceId: orderId,
    headers: {},
    body: JSON.stringify(body),
    receivedAt: now,
    nextAttemptAt: now,
  });
  app.log.info(
    { channel: 'deliveroo', orderId, syncStatus: body.status, inboxId: id, duplicate: id === null },
    id === null ? 'Deliveroo sync status already queued' : 'Deliveroo sync status queued',
  );
}

/** One API client (and so one cached token) per app. */
const clients = new WeakMap<AppContext, DeliverooApi>();

function apiOf(app: AppContext): DeliverooApi {
  const config = app.config.deliveroo;
  if (!config) throw new PermanentInboxError(`Deliveroo's Order API is not configured: set ${SETTINGS}.`);
  let client = clients.get(app);
  if (!client) {
    // The app's clock: a token's expiry and the pause after refused credentials follow it.
    client = new DeliverooApi(config, () => app.clock.now().getTime());
    clients.set(app, client);
  }
  return client;
}

class DeliverooRetryableError extends Error implements RetryableError {
  readonly retryable = true;
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Our credentials refused: the row waits without spending its tries (inbox.service.ts). */
class DeliverooCredentialsRefused extends Error implements RetryableError {
  readonly retryable = true;
  readonly paused = true;
  constructor(
    message: string,
    readonly firstReport: boolean,
  ) {
    super(message);
  }
}

/** The inbox worker's handler of Deliveroo rows: sends a queued sync status. */
export async function processDeliverooEvent(app: AppContext, row: inboxQueries.InboxRow): Promise<string> {
  if (row.eventType !== SYNC_EVENT || !row.resourceId) {
    return `ignored: Deliveroo ${row.eventType} rows are not processed through the inbox`;
  }
  const read = deliverooSyncStatus.safeParse(JSON.parse(row.body));
  if (!read.success) {
    const issue = read.error.issues[0]!;
    throw new PermanentInboxError(
      `The stored body is not a Deliveroo sync status: ${issue.path.join('.')}: ${issue.message}`,
    );
  }
  const body = read.data;
  const what = body.status === 'failed' ? `failed (${body.reason})` : 'succeeded';
  const answer = await apiOf(app).createSyncStatus(row.resourceId, body);
  // For the health page: Deliveroo answering about this order (taken, 409, a refusal) is Deliveroo
  // working; no answer, a 5xx, a rate limit or our credentials refused is Deliveroo failing for us.
  if (answer.outcome === 'accepted' || answer.outcome === 'conflict' || answer.outcome === 'refused') {
    void app.providers.success('deliveroo');
  } else {
    void app.providers.failure('deliveroo', failureText(answer));
  }
  switch (answer.outcome) {
    case 'accepted':
      app.log.info({ orderId: row.resourceId, syncStatus: body.status }, 'Deliveroo sync status sent');
      return `sync status ${what} sent`;
    case 'conflict':
      // A 409 after an attempt whose fate we do not know (no answer, a 5xx) is most likely that
      // attempt having landed; on a first attempt, or after a 429 or a refusal of our credentials
      // (nothing landed), it is an order already synced or past its 3 minutes: final.
      if (row.attempts > 1 && !nothingLanded(row.lastError)) {
        return `sync status ${what}: Deliveroo already has one (409 on attempt ${row.attempts}, after an attempt whose answer was lost)`;
      }
      throw new PermanentInboxError(
        `Deliveroo refused the sync status ${what} with 409: the order already has one, or its 3-minute window is over (${answer.detail})`,
      );
    case 'rate_limited':
      throw new DeliverooRetryableError(
        `${RATE_LIMITED}${answer.retryAfterSeconds ? ` (Retry-After ${answer.retryAfterSeconds} s)` : ''}`,
        answer.retryAfterSeconds ? answer.retryAfterSeconds * 1000 : undefined,
      );
    case 'unavailable':
      throw new DeliverooRetryableError(`${answer.detail} (to the sync status)`);
    case 'timeout':
    case 'unreachable':
      throw new DeliverooRetryableError(answer.detail);
    case 'credentials':
      throw new DeliverooCredentialsRefused(answer.detail, answer.firstReport);
    case 'refused':
      throw new PermanentInboxError(`Deliveroo refused the sync status ${what}: ${answer.detail}`);
  }
}

/** The last attempt's error says Deliveroo answered without taking it (429, our credentials). */
function nothingLanded(lastError: string | null): boolean {
  return (
    lastError !== null && (lastError.startsWith(RATE_LIMITED) || lastError.includes(CREDENTIALS_REFUSED))
  );
}

function failureText(answer: Exclude<DeliverooSyncOutcome, { outcome: 'accepted' }>): string {
  switch (answer.outcome) {
    case 'rate_limited':
      return 'Deliveroo answered 429 (rate limited)';
    case 'conflict':
    case 'unavailable':
    case 'timeout':
    case 'unreachable':
    case 'credentials':
    case 'refused':
      return answer.detail;
  }
}
