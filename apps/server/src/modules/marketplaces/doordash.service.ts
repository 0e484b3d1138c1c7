import type { DoordashWebhookKey } from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import { unauthorized, unavailable } from '../../http/errors.js';
import {
  type DoordashCallOutcome,
  type DoordashClient,
  type DoordashConfirmation,
  doordashClient,
  doordashWebhookAuthorized,
} from '../../integrations/doordash.js';
import { readDoordashFile } from '../../lib/off-thread.js';
import { PermanentInboxError } from './inbox.errors.js';
import type { InboxRow } from './inbox.queries.js';
import type { ReceivedEvent, RetryableError } from './inbox.service.js';
import {
  eventOwner,
  moveWebhookOrderStatus,
  placeWebhookOrder,
  storeWebhookOrder,
  unmappedStoreMessage,
} from './marketplaces.service.js';

/**
 * DoorDash Marketplace through the inbox (docs/marketplaces.md, "DoorDash"). DoorDash's documents:
 * https://developer.doordash.com/en-US/docs/marketplace/how_to/order_integration/ (the Orders
 * webhook, "any non-2xx answer" is a failed order, the confirmation PATCH),
 * https://developer.doordash.com/en-US/docs/marketplace/how_to/order_cancellation_webhook/ (the
 * Order Canceled webhook), https://developer.doordash.com/en-US/api/marketplace/ (Confirm Order).
 *
 * The route checks the bearer token and stores the body raw, once per DoorDash order id and event
 * type, answering 2xx at once. The worker then: for `OrderCreate`, places the order by the store
 * mapping, stores it once and confirms it (`success` with our order id); an unmapped store, or an
 * order none of whose items matches a meal, is failed at DoorDash with the reason and nothing is
 * stored. Other order event types (`OrderAdjust`) are stored the same way, never confirmed. A
 * cancellation moves the stored order to Canceled; one that arrives before its order is tried
 * again a few times, then given up with the reason.
 */

/** Names the settings in the 503 of an unconfigured webhook. */
const SETTINGS = 'DOORDASH_WEBHOOK_TOKEN, DOORDASH_DEVELOPER_ID, DOORDASH_KEY_ID and DOORDASH_SIGNING_SECRET';

/** Attempts a cancellation waits for its order (with the inbox's backoff: about 35 s in all). */
export const DOORDASH_CANCEL_ATTEMPTS = 4;

/** Refuses a webhook without `Authorization: [Bearer ]<DOORDASH_WEBHOOK_TOKEN>` (before it is read). */
export function verifyDoordashWebhook(app: AppContext, authorization: string | undefined): void {
  const config = app.config.doordash;
  if (!config) throw unavailable(`The DoorDash webhook is not configured: set ${SETTINGS}.`);
  if (!doordashWebhookAuthorized(authorization, config.webhookToken)) {
    throw unauthorized(
      'The DoorDash webhook needs Authorization: Bearer <the subscription auth token> (or the token alone).',
    );
  }
}

/**
 * What the inbox keeps of a webhook: the body raw, keyed once per DoorDash order id and event type
 * (a resend, or DoorDash's retry after a lost answer, answers duplicate: true). The Authorization
 * header is a secret and is not kept.
 */
export function doordashInboxEvent(key: DoordashWebhookKey, rawBody: Buffer): ReceivedEvent {
  return {
    channel: 'doordash',
    eventId: `${key.doordashOrderId}:${key.eventType}`,
    eventType: key.eventType,
    resourceId: key.doordashOrderId,
    headers: {},
    body: rawBody.toString('utf8'),
  };
}

/** One client (one connection pool) per app. */
const clients = new WeakMap<AppContext, DoordashClient>();

function clientOf(app: AppContext): DoordashClient {
  const config = app.config.doordash;
  if (!config) throw new PermanentInboxError(`DoorDash is not configured: set ${SETTINGS}.`);
  let client = clients.get(app);
  if (!client) {
    client = doordashClient({ ...config, now: () => app.clock.now() });
    clients.set(app, client);
  }
  return client;
}

/** Closes the app's DoorDash connections (tests; the process ends with them otherwise). */
export async function closeDoordashClient(app: AppContext): Promise<void> {
  const client = clients.get(app);
  clients.delete(app);
  await client?.close();
}

class DoordashRetryableError extends Error implements RetryableError {
  readonly retryable = true;
}

/** Sends the confirmation; a failure DoorDash may cure later is retried, any other is final. */
async function confirm(app: AppContext, orderId: string, confirmation: DoordashConfirmation): Promise<void> {
  const answer: DoordashCallOutcome = await clientOf(app).confirmOrder(orderId, confirmation);
  // For the health page: DoorDash answering about this order (accepted, refused) is DoorDash
  // working; no answer, a 5xx, a rate limit or our JWT refused is DoorDash failing for us.
  if (answer.outcome === 'accepted' || answer.outcome === 'refused') void app.providers.success('doordash');
  else void app.providers.failure('doordash', doordashFailureText(answer));
  switch (answer.outcome) {
    case 'accepted':
      app.log.info({ orderId, orderStatus: confirmation.orderStatus }, 'DoorDash order confirmed');
      return;
    case 'rate_limited':
      throw new DoordashRetryableError(
        `DoorDash answered 429 to the confirmation${answer.retryAfterSeconds ? ` (Retry-After ${answer.retryAfterSeconds} s)` : ''}`,
      );
    case 'unavailable':
      throw new DoordashRetryableError(
        `DoorDash answered ${answer.status} to the confirmation: ${answer.detail}`,
      );
    case 'timeout':
    case 'unreachable':
      throw new DoordashRetryableError(answer.detail);
    case 'unauthorized':
      throw new PermanentInboxError(
        `DoorDash refused our JWT (401): check DOORDASH_DEVELOPER_ID, DOORDASH_KEY_ID and DOORDASH_SIGNING_SECRET: ${answer.detail}`,
      );
    case 'refused':
      throw new PermanentInboxError(`DoorDash refused the confirmation (${answer.status}): ${answer.detail}`);
  }
}

function doordashFailureText(answer: DoordashCallOutcome): string {
  switch (answer.outcome) {
    case 'rate_limited':
      return 'DoorDash answered 429 (rate limited)';
    case 'unauthorized':
      return `DoorDash refused our JWT (401): ${answer.detail}`;
    case 'unavailable':
      return `DoorDash answered ${answer.status}: ${answer.detail}`;
    case 'timeout':
    case 'unreachable':
      return answer.detail;
    default:
      return `DoorDash answered ${answer.outcome}`;
  }
}

export async function processDoordashEvent(app: AppContext, row: InboxRow): Promise<string> {
  const read = await readDoordashFile(row.body, row.receivedAt);
  if (!read.ok) {
    const issue = 'issues' in read ? read.issues[0] : undefined;
    const reason = issue
      ? `${issue.path.join('.')}: ${issue.message}`
      : 'syntax' in read
        ? read.syntax
        : 'unreadable';
    throw new PermanentInboxError(`The stored body is not a DoorDash webhook: ${reason}`);
  }
  const webhook = read.value;
  if (webhook.kind === 'status') {
    const owner = await eventOwner(app, 'doordash', webhook.storeId, webhook.clientOrderId);
    const moved = await moveWebhookOrderStatus(app, 'doordash', webhook.externalId, webhook.status, owner);
    if (moved?.refused) throw new PermanentInboxError(`not canceled: ${moved.refused}`);
    if (!moved) {
      const reason = `the canceled DoorDash order ${webhook.externalId} is not in the ledger`;
      if (row.attempts >= DOORDASH_CANCEL_ATTEMPTS) {
        throw new PermanentInboxError(`${reason} after ${row.attempts} attempts`);
      }
      // Its order may still be on its way through the inbox.
      throw new DoordashRetryableError(reason);
    }
    return moved.moved
      ? `order #${moved.orderId} Canceled`
      : `order #${moved.orderId} already ${moved.status}`;
  }

  const orderId = webhook.details.doordashOrderId;
  const confirms = webhook.details.eventType === 'OrderCreate';
  const placed = await placeWebhookOrder(app, webhook.order);
  const fail = async (failureReason: string) => {
    if (!confirms) return `not stored (${webhook.details.eventType}): ${failureReason}`;
    await confirm(app, orderId, {
      orderStatus: 'fail',
      merchantSuppliedId: orderId,
      failureReason,
    });
    app.log.warn({ orderId, failureReason }, 'DoorDash order failed');
    return `failed at DoorDash: ${failureReason}`;
  };
  if (!placed.store) return fail(unmappedStoreMessage('doordash', placed.order.storeId));
  if (placed.unmatched.length === placed.order.lines.length) {
    return fail(
      `none of the items matches a meal of the store's menu: ${placed.unmatched.join(', ')}`.slice(0, 480),
    );
  }
  const stored = await storeWebhookOrder(app, placed);
  const what = `order #${stored.order_id}${stored.duplicate ? ' (already stored)' : ''}`;
  if (!confirms) return `${what} at ${stored.status} (${webhook.details.eventType}); not confirmed`;
  await confirm(app, orderId, { orderStatus: 'success', merchantSuppliedId: String(stored.order_id) });
  return `${what} confirmed`;
}
