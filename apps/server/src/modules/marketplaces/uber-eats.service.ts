import {
  isKnownUberEatsState,
  normalizeUberEatsOrder,
  UBER_EATS_ORDER_EVENTS,
  uberEatsOrder,
  uberEatsWebhookEvent,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import { UberEatsApi, UberEatsError } from '../../integrations/uber-eats.js';
import { observed } from '../health/provider-status.js';
import { PermanentInboxError } from './inbox.errors.js';
import type { InboxRow } from './inbox.queries.js';
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
 * https://developer.uber.com/docs/eats/guides/authentication.
 *
 * `orders.notification`: the order is fetched, placed by the store mapping, stored once and
 * accepted; an unmapped store, or an order none of whose items matches a meal, is denied with the
 * reason and nothing is stored. Only an order Uber still shows as CREATED is accepted or denied, so
 * a retry after a crash (or a second instance) never answers it twice. `orders.cancel` moves the
 * stored order to Canceled. Other event types are kept and marked ignored.
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
      if (!orderId) throw new PermanentInboxError('meta.resource_id: the order id is missing');
      return placeUberOrder(app, orderId, event.resource_href);
    case UBER_EATS_ORDER_EVENTS.cancel: {
      if (!orderId) throw new PermanentInboxError('meta.resource_id: the order id is missing');
      // meta.user_id is the store the event is about (Uber's webhook page: "user_id: the store's UUID").
      const owner = event.meta.user_id
        ? await eventOwner(app, 'uber_eats', event.meta.user_id, null)
        : undefined;
      const moved = await moveWebhookOrderStatus(app, 'uber_eats', orderId, 'Canceled', owner);
      if (moved?.refused) throw new PermanentInboxError(`not canceled: ${moved.refused}`);
      if (!moved) return 'ignored: the canceled order is not in the ledger';
      return moved.moved
        ? `order #${moved.orderId} Canceled`
        : `order #${moved.orderId} already ${moved.status}`;
    }
    default:
      app.log.info({ eventType: event.event_type, eventId: event.event_id }, 'Uber Eats event not acted on');
      return `ignored: event type ${event.event_type}`;
  }
}

async function placeUberOrder(app: AppContext, orderId: string, resourceHref?: string): Promise<string> {
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
  const placed = await placeWebhookOrder(app, normalizeUberEatsOrder(read.data));
  if (!placed.store) {
    const explanation = unmappedStoreMessage('uber_eats', placed.order.storeId);
    if (!open) return `not stored (Uber state ${state}): ${explanation}`;
    await api.deny(orderId, { code: 'OTHER', explanation });
    app.log.warn({ orderId, storeId: placed.order.storeId }, 'Uber Eats order denied: unmapped store');
    return `denied: ${explanation}`;
  }
  if (placed.unmatched.length === placed.order.lines.length) {
    const explanation =
      `none of the items matches a meal of the store's menu: ${placed.unmatched.join(', ')}`.slice(0, 480);
    if (!open) return `not stored (Uber state ${state}): ${explanation}`;
    const items = read.data.cart.items.map((i) => i.id).filter((id): id is string => Boolean(id));
    await api.deny(orderId, { code: 'ITEM_AVAILABILITY', explanation, invalidItems: items });
    app.log.warn({ orderId, unmatched: placed.unmatched }, 'Uber Eats order denied: no meal matched');
    return `denied: ${explanation}`;
  }
  const stored = await storeWebhookOrder(app, placed);
  const what = `order #${stored.order_id}${stored.duplicate ? ' (already stored)' : ''}`;
  if (!known) return `${what} stored as ${stored.status} (unknown Uber state '${state}'); not accepted`;
  if (!open) return `${what} at ${stored.status} (Uber state ${state}); not accepted`;
  try {
    await api.accept(orderId, ACCEPT_REASON);
  } catch (error) {
    // Accepted meanwhile (another attempt whose answer was lost): Uber no longer shows CREATED.
    if (error instanceof UberEatsError && error.status === 409) return `${what}; already answered on Uber`;
    throw error;
  }
  await moveWebhookOrderStatus(app, 'uber_eats', orderId, 'Cooking');
  return `${what} accepted`;
}
