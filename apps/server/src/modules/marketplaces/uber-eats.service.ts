import {
  isKnownUberEatsState,
  type MarketplaceOrder,
  normalizeUberEatsOrder,
  scheduledPickupOf,
  UBER_EATS_ORDER_EVENTS,
  type UberEatsWebhookEvent,
  uberEatsLedgerStatus,
  uberEatsOrder,
  uberEatsWebhookEvent,
} from '@kitchaco/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { UberEatsApi, UberEatsCredentialsRefused, UberEatsError } from '../../integrations/uber-eats.js';
import { observed } from '../health/provider-status.js';
import { PermanentInboxError } from './inbox.errors.js';
import { closePendingForResource, type InboxRow } from './inbox.queries.js';
import {
  eventOwner,
  moveWebhookOrderStatus,
  placeWebhookOrder,
  storeWebhookOrder,
  unmappedStoreMessage,
} from './marketplaces.service.js';

/**
 * Uber Eats through the inbox (docs/marketplaces.md, "Uber Eats"). Uber's documents:
 * https://developer.uber.com/docs/eats/references/api/webhooks.orders-notification,
 * https://developer.uber.com/docs/eats/guides/webhooks,
 * https://developer.uber.com/docs/eats/references/api/v2/get-eats-order-orderid,
 * https://developer.uber.com/docs/eats/references/api/v1/post-eats-order-orderid-acceptposorder,
 * https://developer.uber.com/docs/eats/references/api/v1/post-eats-order-orderid-denyposorder,
 * https://developer.uber.com/docs/eats/guides/authentication,
 * https://developer.uber.com/docs/eats/guides/order-integration (scheduled orders),
 * https://developer.uber.com/docs/eats/guides/errors (what a refused call answers).
 *
 * `orders.notification`: the order is fetched, placed by the store mapping, stored once and
 * accepted; an unmapped store, or an order none of whose items matches a meal, is denied with the
 * reason and nothing is stored. Only an order Uber still shows as CREATED is accepted or denied, so
 * a retry after a crash (or a second instance) never answers it twice; when Uber refuses the answer
 * (a 4xx) the order's state is asked for and decides (answerUber).
 * `orders.scheduled.notification`: the same, stored with the time it is scheduled for and left
 * Received: Uber's order integration guide says "all orders that are scheduled must be accepted
 * twice, once during the orders.scheduled.notification and again at orders.notification", so it
 * is accepted now and again (and sent to Cooking) when Uber's `orders.notification` for it comes.
 * `orders.cancel` and `orders.failure` (the same event for stores on API version 1.0.0) move the
 * stored order to Canceled and close the order's events still waiting in the inbox. Other event
 * types are kept and marked ignored.
 */

const ACCEPT_REASON = 'Accepted by Kitchaco';

/** One API client (and so one cached token) per app. */
const clients = new WeakMap<AppContext, UberEatsApi>();

export function uberEatsApiOf(app: AppContext): UberEatsApi {
  const config = app.config.uberEats;
  if (!config) {
    throw new PermanentInboxError(
      'Uber Eats is not configured: set UBER_EATS_CLIENT_ID and UBER_EATS_CLIENT_SECRET.',
    );
  }
  let client = clients.get(app);
  if (!client) {
    // The app's clock: a token's expiry and a pause after refused credentials follow it.
    client = recordedUberEats(app, new UberEatsApi(config, () => app.clock.now().getTime()));
    clients.set(app, client);
  }
  return client;
}

/**
 * Every call to Uber recorded for the health page: an answer about the order itself (404, 409, a
 * refusal Uber would repeat) is Uber working; no answer, a 5xx, a rate limit or our credentials
 * refused (401, 403) is Uber failing for us.
 */
function recordedUberEats(app: AppContext, api: UberEatsApi): UberEatsApi {
  const answered = (error: unknown) =>
    error instanceof UberEatsError && !error.retryable && error.status !== 403;
  const { getOrder, accept, deny } = api;
  api.getOrder = (orderId, href) =>
    observed(app.providers, 'uber_eats', () => getOrder.call(api, orderId, href), answered);
  api.accept = (orderId, reason) =>
    observed(app.providers, 'uber_eats', () => accept.call(api, orderId, reason), answered);
  api.deny = (orderId, denial) =>
    observed(app.providers, 'uber_eats', () => deny.call(api, orderId, denial), answered);
  return api;
}

export async function processUberEatsEvent(app: AppContext, row: InboxRow): Promise<string> {
  const parsed = uberEatsWebhookEvent.safeParse(JSON.parse(row.body));
  if (!parsed.success)
    throw new PermanentInboxError(`The stored event is not an Uber Eats event: ${parsed.error.message}`);
  const event = parsed.data;
  const orderId = event.meta.resource_id;
  switch (event.event_type) {
    case UBER_EATS_ORDER_EVENTS.notification:
    case UBER_EATS_ORDER_EVENTS.scheduled: {
      if (!orderId) throw new PermanentInboxError('meta.resource_id: the order id is missing');
      const scheduled = event.event_type === UBER_EATS_ORDER_EVENTS.scheduled;
      return placeUberOrder(app, orderId, event.resource_href, scheduled);
    }
    case UBER_EATS_ORDER_EVENTS.cancel:
    case UBER_EATS_ORDER_EVENTS.failure:
      if (!orderId) throw new PermanentInboxError('meta.resource_id: the order id is missing');
      return endUberOrder(app, row, event, orderId);
    default:
      app.log.info({ eventType: event.event_type, eventId: event.event_id }, 'Uber Eats event not acted on');
      return `ignored: event type ${event.event_type}`;
  }
}

/** The events that wait for us to answer an order (accept or deny). */
const ANSWERED_EVENTS = [UBER_EATS_ORDER_EVENTS.notification, UBER_EATS_ORDER_EVENTS.scheduled];

/**
 * `orders.cancel` / `orders.failure`: Uber ended the order (the customer or Uber cancelled it, or it
 * was not accepted in time). The stored order moves to Canceled (the only end our status machine
 * has for it), and the order's notifications still waiting in the inbox (an accept being retried)
 * are closed, so nothing is answered for an order that no longer exists and the health page shows
 * no stuck event for it.
 */
async function endUberOrder(
  app: AppContext,
  row: InboxRow,
  event: UberEatsWebhookEvent,
  orderId: string,
): Promise<string> {
  const failure = event.event_type === UBER_EATS_ORDER_EVENTS.failure;
  // meta.user_id is the store the event is about (Uber's webhook page: "user_id: the store's UUID").
  const owner = event.meta.user_id ? await eventOwner(app, 'uber_eats', event.meta.user_id, null) : undefined;
  const moved = await moveWebhookOrderStatus(app, 'uber_eats', orderId, 'Canceled', owner);
  if (moved?.refused) throw new PermanentInboxError(`not canceled: ${moved.refused}`);
  const closed = await closePendingForResource(
    app.db,
    { channel: 'uber_eats', resourceId: orderId, eventTypes: ANSWERED_EVENTS, exceptId: row.id },
    `dropped: Uber ended the order (${event.event_type}, event ${event.event_id}) before it was answered`,
    app.clock.now(),
  );
  const dropped = closed.length
    ? `; ${closed.length} waiting notification${closed.length === 1 ? '' : 's'} of it dropped`
    : '';
  if (failure) {
    app.log.warn(
      { orderId, eventId: event.event_id, ledgerOrderId: moved?.orderId ?? null, dropped: closed.length },
      'Uber Eats order failed on Uber (orders.failure): canceled here',
    );
  }
  if (!moved) return `ignored: the ${failure ? 'failed' : 'canceled'} order is not in the ledger${dropped}`;
  const done = moved.moved
    ? `order #${moved.orderId} Canceled`
    : `order #${moved.orderId} already ${moved.status}`;
  return `${done}${failure ? ' (orders.failure: the order failed on Uber)' : ''}${dropped}`;
}

async function placeUberOrder(
  app: AppContext,
  orderId: string,
  resourceHref: string | undefined,
  scheduled: boolean,
): Promise<string> {
  const api = uberEatsApiOf(app);
  const document = await api.getOrder(orderId, resourceHref);
  const read = uberEatsOrder.safeParse(document);
  if (!read.success) {
    const issue = read.error.issues[0]!;
    throw new PermanentInboxError(
      `Uber's order ${orderId} cannot be read: ${issue.path.join('.')}: ${issue.message}`,
    );
  }
  const state = read.data.current_state;
  const known = isKnownUberEatsState(state);
  if (!known) {
    app.log.warn({ orderId, state }, 'Uber Eats order in a state we do not know: stored as Received');
  }
  const open = state === 'CREATED';
  let order = normalizeUberEatsOrder(read.data);
  let when = '';
  if (scheduled) {
    const pickup = scheduledPickupOf(read.data);
    if ('error' in pickup) {
      throw new PermanentInboxError(`Uber's scheduled order ${orderId} cannot be read: ${pickup.error}`);
    }
    // Accepted for later, not cooking now: it goes to Cooking at its second acceptance.
    order = { ...order, scheduledFor: pickup.at, status: scheduledStatus(order.status) };
    when = ` scheduled for ${pickup.at.toISOString()}`;
  }
  const placed = await placeWebhookOrder(app, order);
  if (!placed.store) {
    const explanation = unmappedStoreMessage('uber_eats', placed.order.storeId);
    if (!open) return `not stored (Uber state ${state}): ${explanation}`;
    const denied = await answerUber(api, orderId, 'deny', () =>
      api.deny(orderId, { code: 'OTHER', explanation }),
    );
    if (denied !== 'answered')
      return `not denied (Uber shows it ${denied} already), not stored: ${explanation}`;
    app.log.warn({ orderId, storeId: placed.order.storeId }, 'Uber Eats order denied: unmapped store');
    return `denied: ${explanation}`;
  }
  if (placed.unmatched.length === placed.order.lines.length) {
    const explanation =
      `none of the items matches a meal of the store's menu: ${placed.unmatched.join(', ')}`.slice(0, 480);
    if (!open) return `not stored (Uber state ${state}): ${explanation}`;
    const items = read.data.cart.items.map((i) => i.id).filter((id): id is string => Boolean(id));
    const denied = await answerUber(api, orderId, 'deny', () =>
      api.deny(orderId, { code: 'ITEM_AVAILABILITY', explanation, invalidItems: items }),
    );
    if (denied !== 'answered')
      return `not denied (Uber shows it ${denied} already), not stored: ${explanation}`;
    app.log.warn({ orderId, unmatched: placed.unmatched }, 'Uber Eats order denied: no meal matched');
    return `denied: ${explanation}`;
  }
  const stored = await storeWebhookOrder(app, placed);
  const what = `order #${stored.order_id}${stored.duplicate ? ' (already stored)' : ''}${when}`;
  if (!known) return `${what} stored as ${stored.status} (unknown Uber state '${state}'); not accepted`;
  if (!open) return `${what} at ${stored.status} (Uber state ${state}); not accepted`;
  const accepted = await answerUber(api, orderId, 'accept', () => api.accept(orderId, ACCEPT_REASON));
  if (accepted === 'answered') {
    if (scheduled)
      return `${what} accepted (Uber sends it again when it is due, and it is accepted again then)`;
    await moveWebhookOrderStatus(app, 'uber_eats', orderId, 'Cooking');
    return `${what} accepted`;
  }
  return recordAnsweredElsewhere(app, orderId, what, accepted, scheduled);
}

/** A scheduled order accepted on Uber waits in the ledger as Received until it is due. */
function scheduledStatus(status: MarketplaceOrder['status']): MarketplaceOrder['status'] {
  return status === 'Cooking' ? 'Received' : status;
}

/**
 * Uber refused our accept because the order was answered or ended meanwhile (`state`, read from
 * Uber): an accepted one is ours to make, as if our accept had gone through; a denied, canceled or
 * finished one takes that status here. Nothing is retried: the order's state is final.
 */
async function recordAnsweredElsewhere(
  app: AppContext,
  orderId: string,
  what: string,
  state: string,
  scheduled: boolean,
): Promise<string> {
  const status = uberEatsLedgerStatus(state);
  if (status === null) {
    app.log.warn({ orderId, state }, 'Uber Eats refused our accept; the order is in a state we do not know');
    return `${what}; not accepted: Uber refused and shows it in a state we do not know ('${state}')`;
  }
  const target = scheduled ? scheduledStatus(status) : status;
  const moved = await moveWebhookOrderStatus(app, 'uber_eats', orderId, target);
  const now = moved ? `, now ${moved.status}` : '';
  if (state === 'ACCEPTED') return `${what}; already accepted on Uber${now}`;
  app.log.warn({ orderId, state }, 'Uber Eats order ended before our accept');
  return `${what}; not accepted: Uber shows it ${state}${now}`;
}

const orderState = z.object({ current_state: z.string().trim().min(1).max(40) });

/**
 * Answers an order on Uber (accept or deny): 'answered', or the state Uber shows the order in when
 * it refused the answer because the order is no longer waiting for one. Uber's errors page gives
 * 409 `resource_status_conflict` for "an order that has already been accepted or denied"
 * (https://developer.uber.com/docs/eats/guides/errors), but other refusals are reported (400, 404,
 * 422) and nothing says what an order canceled meanwhile answers. So the status is not trusted: on
 * any 4xx other than our credentials (401, 403: their own handling, UberEatsCredentialsRefused)
 * and a rate limit or timeout (429, 408: retried), the order is read again. Answered or ended
 * (not CREATED): its state is returned and the caller records it, no retry. Still CREATED: the
 * refusal is about our request; it is thrown again with that said, retried or not as its status
 * says.
 */
async function answerUber(
  api: UberEatsApi,
  orderId: string,
  action: 'accept' | 'deny',
  answer: () => Promise<void>,
): Promise<'answered' | string> {
  try {
    await answer();
    return 'answered';
  } catch (error) {
    if (!refusalAboutTheOrder(error)) throw error;
    const read = orderState.safeParse(await api.getOrder(orderId));
    if (!read.success) {
      throw new PermanentInboxError(
        `Uber refused to ${action} order ${orderId} (${error.message}) and its order cannot be read to see why: ${read.error.issues[0]!.message}`,
      );
    }
    const state = read.data.current_state;
    if (state !== 'CREATED') return state;
    throw new UberEatsError(
      `Uber refused to ${action} order ${orderId}: ${error.message}. Uber still shows the order waiting for an answer (CREATED), so the refusal is about our request, not the order${error.retryable ? '; tried again later' : ''}`,
      error.retryable,
      error.status,
    );
  }
}

function refusalAboutTheOrder(error: unknown): error is UberEatsError {
  if (!(error instanceof UberEatsError) || error instanceof UberEatsCredentialsRefused) return false;
  const status = error.status;
  if (status === null || status < 400 || status >= 500) return false;
  return ![401, 403, 408, 429].includes(status);
}
