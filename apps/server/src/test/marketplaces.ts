import type { MarketplaceChannel } from '@kitchaco/domain';
import { webhookUrl } from '@kitchaco/domain';
import type { FastifyInstance } from 'fastify';
import { signatureHeaders } from '../integrations/marketplace-signatures.js';

/** The secrets the server uses outside production (config.ts). */
export const DEMO_SECRETS: Record<MarketplaceChannel, string> = {
  uber_eats: 'demo-uber-eats-secret',
  deliveroo: 'demo-deliveroo-secret',
  doordash: 'demo-doordash-secret',
  menulog: 'demo-menulog-secret',
};

export interface TestItem {
  name: string;
  quantity: number;
  /** Price of one, in cents. */
  cents: number;
  modifiers?: { name: string; quantity: number; cents: number }[];
  note?: string;
}

export interface TestOrder {
  externalId: string;
  storeId: string;
  /** A new order, or the platform's cancel notification of it. */
  state?: 'new' | 'canceled';
  placedAt?: string;
  items: TestItem[];
  /** Order total in cents; default: the sum of the lines. */
  totalCents?: number;
  feeCents?: number;
  customer?: { name: string; phone: string };
}

const lineCents = (item: TestItem) =>
  item.quantity * (item.cents + (item.modifiers ?? []).reduce((s, m) => s + m.quantity * m.cents, 0));

/** A platform's own notification of an order, in the shape that platform sends. */
export function notification(channel: MarketplaceChannel, order: TestOrder): Record<string, unknown> {
  const canceled = order.state === 'canceled';
  const placedAt = order.placedAt ?? '2026-11-18T12:30:00+11:00';
  const subtotal = order.items.reduce((s, i) => s + lineCents(i), 0);
  const total = order.totalCents ?? subtotal;
  const customer = order.customer ?? { name: 'Maya', phone: '+61400111222' };
  switch (channel) {
    case 'uber_eats':
      return {
        event_id: `evt-${order.externalId}-${order.state ?? 'new'}`,
        event_type: 'orders.notification',
        event_time: 1_795_000_000,
        meta: { resource_id: order.externalId, status: 'pos', user_id: order.storeId },
        order: {
          display_id: order.externalId.slice(0, 5).toUpperCase(),
          current_state: canceled ? 'CANCELED' : 'CREATED',
          placed_at: placedAt,
          eater: { first_name: customer.name, phone: customer.phone },
          cart: {
            items: order.items.map((i) => ({
              title: i.name,
              quantity: i.quantity,
              price: { unit_price: { amount: i.cents }, total_price: { amount: lineCents(i) } },
              selected_modifier_groups: i.modifiers?.length
                ? [
                    {
                      title: 'Extras',
                      selected_items: i.modifiers.map((m) => ({
                        title: m.name,
                        quantity: m.quantity,
                        price: { unit_price: { amount: m.cents } },
                      })),
                    },
                  ]
                : [],
              special_instructions: i.note ?? '',
            })),
          },
          payment: {
            charges: {
              sub_total: { amount: subtotal },
              total: { amount: total },
              ...(order.feeCents === undefined ? {} : { marketplace_fee: { amount: order.feeCents } }),
            },
          },
        },
      };
    case 'deliveroo':
      return {
        event: canceled ? 'order.status_update' : 'order.new',
        body: {
          order: {
            id: order.externalId,
            order_number: '0042',
            location_id: order.storeId,
            status: canceled ? 'canceled' : 'placed',
            start_preparing_at: placedAt,
            items: order.items.map((i) => ({
              name: i.name,
              quantity: i.quantity,
              unit_price: { fractional: i.cents, currency_code: 'AUD' },
              total_price: { fractional: lineCents(i) },
              modifiers: (i.modifiers ?? []).map((m) => ({
                name: m.name,
                quantity: m.quantity,
                unit_price: { fractional: m.cents },
              })),
            })),
            partner_order_subtotal: { fractional: subtotal },
            total_price: { fractional: total },
            customer: { first_name: customer.name, contact_number: customer.phone },
          },
        },
      };
    case 'doordash':
      return {
        event: { type: canceled ? 'OrderCancel' : 'OrderCreate' },
        order: {
          id: order.externalId,
          store: { merchant_supplied_id: order.storeId },
          consumer: { first_name: customer.name, phone: customer.phone },
          categories: [
            {
              name: 'Menu',
              items: order.items.map((i) => ({
                name: i.name,
                quantity: i.quantity,
                price: i.cents,
                special_instructions: i.note ?? null,
                options: (i.modifiers ?? []).map((m) => ({
                  name: m.name,
                  quantity: m.quantity,
                  price: m.cents,
                })),
              })),
            },
          ],
          subtotal,
          total,
          ...(order.feeCents === undefined ? {} : { commission: order.feeCents }),
          created_at: placedAt,
        },
      };
    case 'menulog':
      return {
        OrderId: order.externalId,
        RestaurantId: order.storeId,
        PlacedDate: placedAt,
        Status: canceled ? 'Cancelled' : 'Placed',
        Customer: { Name: customer.name, PhoneNumber: customer.phone },
        Items: order.items.map((i) => ({
          Name: i.name,
          Quantity: i.quantity,
          UnitPrice: i.cents / 100,
          TotalPrice: lineCents(i) / 100,
          Items: (i.modifiers ?? []).map((m) => ({
            Name: m.name,
            Quantity: m.quantity,
            UnitPrice: m.cents / 100,
          })),
          Notes: i.note ?? null,
        })),
        SubTotal: subtotal / 100,
        TotalPrice: total / 100,
        ...(order.feeCents === undefined ? {} : { Commission: order.feeCents / 100 }),
      };
  }
}

/** Posts a body to a platform's webhook, signed as the platform would (or with another secret). */
export function deliver(
  app: FastifyInstance,
  channel: MarketplaceChannel,
  body: Record<string, unknown> | string,
  options: { secret?: string; headers?: Record<string, string> } = {},
) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: webhookUrl(channel),
    headers: {
      'content-type': 'application/json',
      ...signatureHeaders(channel, options.secret ?? DEMO_SECRETS[channel], raw),
      ...options.headers,
    },
    payload: raw,
  });
}
