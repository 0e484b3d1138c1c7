import { z } from 'zod';
import { ORDER_STATUSES } from '../constants.js';
import { deliverooPayload, normalizeDeliveroo } from './deliveroo.js';
import { doordashPayload, normalizeDoordash } from './doordash.js';
import type { MarketplaceChannel, MarketplaceOrder } from './marketplace-order.js';
import { menulogPayload, normalizeMenulog } from './menulog.js';
import { normalizeUberEats, uberEatsPayload } from './uber-eats.js';

export interface WebhookAdapter<P> {
  /** The platform's order notification. */
  payload: z.ZodType<P>;
  /** The notification as one ledger-shaped order. */
  normalize(payload: P): MarketplaceOrder;
}

function adapter<P>(payload: z.ZodType<P>, normalize: (p: P) => MarketplaceOrder): WebhookAdapter<unknown> {
  return { payload, normalize } as WebhookAdapter<unknown>;
}

/** One adapter per platform: the payload schema and its normaliser. */
export const WEBHOOK_ADAPTERS: Record<MarketplaceChannel, WebhookAdapter<unknown>> = {
  uber_eats: adapter(uberEatsPayload, normalizeUberEats),
  deliveroo: adapter(deliverooPayload, normalizeDeliveroo),
  doordash: adapter(doordashPayload, normalizeDoordash),
  menulog: adapter(menulogPayload, normalizeMenulog),
};

/** Reads a platform's notification: the order, or the zod error naming the first bad field. */
export function readWebhookOrder(
  channel: MarketplaceChannel,
  json: unknown,
): { success: true; order: MarketplaceOrder } | { success: false; error: z.ZodError } {
  const { payload, normalize } = WEBHOOK_ADAPTERS[channel];
  const parsed = payload.safeParse(json);
  return parsed.success ? { success: true, order: normalize(parsed.data) } : parsed;
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
