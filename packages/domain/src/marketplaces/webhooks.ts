import { z } from 'zod';
import { ORDER_STATUSES } from '../constants.js';
import { deliverooPayload, normalizeDeliveroo } from './deliveroo.js';
import { doordashPayload, normalizeDoordash } from './doordash.js';
import type { MarketplaceChannel, MarketplaceOrder } from './marketplace-order.js';
import { normalizeUberEats, uberEatsPayload } from './uber-eats.js';

export interface WebhookAdapter<P> {
  /** The platform's order notification. */
  payload: z.ZodType<P>;
  /** The notification as one ledger-shaped order; `receivedAt` places one that carries no time. */
  normalize(payload: P, receivedAt: Date): MarketplaceOrder;
}

function adapter<P>(
  payload: z.ZodType<P>,
  normalize: (p: P, receivedAt: Date) => MarketplaceOrder,
): WebhookAdapter<unknown> {
  return { payload, normalize } as WebhookAdapter<unknown>;
}

/**
 * The platforms whose order documents we read. Menulog is not one: its webhook is retired (Menulog
 * stopped trading in Australia on 26 Nov 2025); its CSV exports are still imported (csv-formats.ts).
 */
export type WebhookChannel = Exclude<MarketplaceChannel, 'menulog'>;

/**
 * One adapter per platform: the payload schema and its normaliser. Uber Eats' reads the order
 * document its API answers; DoorDash's the Orders webhook (readDoordashWebhook reads both of its
 * webhooks); Deliveroo's its order notification.
 */
export const WEBHOOK_ADAPTERS: Record<WebhookChannel, WebhookAdapter<unknown>> = {
  uber_eats: adapter(uberEatsPayload, normalizeUberEats),
  deliveroo: adapter(deliverooPayload, normalizeDeliveroo),
  doordash: adapter(doordashPayload, normalizeDoordash),
};

/**
 * Reads a platform's notification: the order, or the zod error naming the first bad field.
 * `receivedAt` (the caller's clock) is the time of an order whose notification has none (DoorDash).
 */
export function readWebhookOrder(
  channel: WebhookChannel,
  json: unknown,
  receivedAt: Date = new Date(),
): { success: true; order: MarketplaceOrder } | { success: false; error: z.ZodError } {
  const { payload, normalize } = WEBHOOK_ADAPTERS[channel];
  const parsed = payload.safeParse(json);
  return parsed.success ? { success: true, order: normalize(parsed.data, receivedAt) } : parsed;
}

/** The answer to a platform: 200 whenever the order is in the ledger, new or not. */
export const marketplaceWebhookResponse = z.object({
  success: z.literal(true),
  order_id: z.number().int(),
  /** The order was already in the ledger (a resend or a later status notification). */
  duplicate: z.boolean(),
  /** The order's status in the ledger after this notification. */
  status: z.enum(ORDER_STATUSES),
});
export type MarketplaceWebhookResponse = z.infer<typeof marketplaceWebhookResponse>;
