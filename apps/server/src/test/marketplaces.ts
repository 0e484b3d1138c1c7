import { type MarketplaceChannel, webhookUrl } from '@kitchaco/domain';
import type { FastifyInstance } from 'fastify';
import { DEMO_DOORDASH } from '../config.js';
import type { Db } from '../db/client.js';
import { marketplaceStores } from '../db/schema/index.js';
import { signatureHeaders } from '../integrations/marketplace-signatures.js';
import { createLocation, createMeal, createVendor } from './factories.js';

/**
 * Marketplace webhooks as the platforms send them, for server tests. Uber Eats sends ids only
 * (uber-eats.test.ts has its own); Menulog's webhook is retired.
 */
export type TestWebhookChannel = 'deliveroo' | 'doordash';

/** Deliveroo's secret outside production (config.ts). */
export const DEMO_DELIVEROO_SECRET = 'demo-deliveroo-secret';
/** DoorDash's webhook token outside production (config.ts). */
export const DEMO_DOORDASH_TOKEN = DEMO_DOORDASH.webhookToken;

export interface TestItem {
  name: string;
  quantity: number;
  /** Price of one, in cents. */
  cents: number;
  /** Options of the item, each `quantity` per one of the item. */
  modifiers?: { name: string; quantity: number; cents: number }[];
  /** The item's own instructions (DoorDash only: Deliveroo has one note per order). */
  note?: string;
}

export interface TestOrder {
  externalId: string;
  storeId: string;
  /** A new order, or the platform's cancel notification of it. */
  state?: 'new' | 'canceled';
  /** Deliveroo's `placed_at`; DoorDash sends no order time (the order is placed when received). */
  placedAt?: string;
  items: TestItem[];
  /** Deliveroo's order total in cents; default: the sum of the lines. DoorDash states none. */
  totalCents?: number;
  /** The customer's note for the whole order (Deliveroo `order_notes`, DoorDash `order_special_instructions`). */
  orderNote?: string;
  customer?: { name: string; phone: string };
  /** Our order id as confirmed to DoorDash, sent back in its cancellation (client_order_id). */
  clientOrderId?: string;
}

const lineCents = (item: TestItem) =>
  item.quantity * (item.cents + (item.modifiers ?? []).reduce((s, m) => s + m.quantity * m.cents, 0));

/** A platform's own notification of an order, in the shape that platform documents. */
export function notification(channel: TestWebhookChannel, order: TestOrder): Record<string, unknown> {
  const canceled = order.state === 'canceled';
  const placedAt = order.placedAt ?? '2026-11-18T12:30:00+11:00';
  const subtotal = order.items.reduce((s, i) => s + lineCents(i), 0);
  const customer = order.customer ?? { name: 'Maya', phone: '+61400111222' };
  switch (channel) {
    case 'deliveroo':
      return {
        event: canceled ? 'order.status_update' : 'order.new',
        body: {
          order: {
            id: order.externalId,
            order_number: '0042',
            location_id: order.storeId,
            status: canceled ? 'canceled' : 'placed',
            placed_at: placedAt,
            start_preparing_at: placedAt,
            order_notes: order.orderNote ?? null,
            items: order.items.map((i) => ({
              name: i.name,
              quantity: i.quantity,
              unit_price: { fractional: i.cents, currency_code: 'AUD' },
              total_price: { fractional: lineCents(i), currency_code: 'AUD' },
              modifiers: (i.modifiers ?? []).map((m) => ({
                name: m.name,
                quantity: m.quantity,
                unit_price: { fractional: m.cents, currency_code: 'AUD' },
              })),
            })),
            partner_order_subtotal: { fractional: subtotal, currency_code: 'AUD' },
            total_price: { fractional: order.totalCents ?? subtotal, currency_code: 'AUD' },
            customer: { first_name: customer.name, contact_number: customer.phone },
          },
        },
      };
    case 'doordash':
      // The Order Canceled webhook and the Orders webhook, in the shapes of DoorDash's samples
      // (docs/marketplaces.md, "DoorDash").
      if (canceled) {
        return {
          external_order_id: order.externalId,
          client_order_id: order.clientOrderId ?? null,
          store: { merchant_supplied_id: order.storeId, provider_type: 'kitchaco' },
          is_asap: true,
        };
      }
      return {
        event: { type: 'OrderCreate', status: 'NEW' },
        order: {
          id: order.externalId,
          store: { merchant_supplied_id: order.storeId, provider_type: 'kitchaco' },
          consumer: { first_name: customer.name, last_name: '', phone: customer.phone },
          categories: [
            {
              merchant_supplied_id: 'menu',
              name: 'Menu',
              items: order.items.map((i) => ({
                name: i.name,
                quantity: i.quantity,
                price: i.cents,
                special_instructions: i.note ?? '',
                extras: i.modifiers?.length
                  ? [
                      {
                        name: 'Extras',
                        options: i.modifiers.map((m) => ({
                          name: m.name,
                          quantity: m.quantity,
                          price: m.cents,
                        })),
                      },
                    ]
                  : [],
              })),
            },
          ],
          subtotal,
          tax: Math.round(subtotal / 11),
          order_special_instructions: order.orderNote ?? '',
          is_pickup: false,
          fulfillment_type: 'dx_delivery',
          experience: 'DOORDASH',
        },
      };
  }
}

/**
 * Posts a body to a platform's webhook as the platform would: Deliveroo signed with its secret
 * (or `secret`), DoorDash with `Authorization: Bearer <token>` (or `token`).
 */
export function deliver(
  app: FastifyInstance,
  channel: TestWebhookChannel,
  body: Record<string, unknown> | string,
  options: { secret?: string; token?: string; headers?: Record<string, string> } = {},
) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const auth =
    channel === 'doordash'
      ? { authorization: `Bearer ${options.token ?? DEMO_DOORDASH_TOKEN}` }
      : signatureHeaders('deliveroo', options.secret ?? DEMO_DELIVEROO_SECRET, raw);
  return app.inject({
    method: 'POST',
    url: webhookUrl(channel),
    headers: { 'content-type': 'application/json', ...auth, ...options.headers },
    payload: raw,
  });
}

/**
 * A location with one brand, its meals, and `storeId` of `channel` mapped to that brand: what every
 * marketplace flow test starts from.
 */
export async function mappedStore(
  db: Db,
  channel: MarketplaceChannel,
  storeId: string,
  brand: string,
  meals: { name: string; price: string }[],
): Promise<{ locationId: number; vendorId: number }> {
  const locationId = (await createLocation(db, { name: 'Reservoir', timeZone: 'Australia/Melbourne' })).id;
  const vendorId = (await createVendor(db, locationId, { title: brand })).id;
  for (const meal of meals) await createMeal(db, vendorId, meal);
  await db
    .insert(marketplaceStores)
    .values({ channel, storeId, locationId, vendorId, name: `${brand} Reservoir` });
  return { locationId, vendorId };
}
