import { describe, expect, it } from 'vitest';
import { normalizeUberEatsOrder, uberEatsOrder, uberEatsWebhookEvent } from './uber-eats.js';

/**
 * Uber's sample `orders.notification`, verbatim from
 * https://developer.uber.com/docs/eats/references/api/webhooks.orders-notification
 */
const SAMPLE_NOTIFICATION = {
  event_type: 'orders.notification',
  event_id: 'c4d2261e-2779-4eb6-beb0-cb41235c751e',
  event_time: 1427343990,
  meta: {
    resource_id: '153dd7f1-339d-4619-940c-418943c14636',
    status: 'pos',
    user_id: '89dd9741-66b5-4bb4-b216-a813f3b21b4f',
  },
  resource_href: 'https://api.uber.com/v2/eats/order/153dd7f1-339d-4619-940c-418943c14636',
};

const money = (amount: number) => ({
  amount,
  currency_code: 'AUD',
  formatted_amount: `A$${(amount / 100).toFixed(2)}`,
});

/** An order with the fields of https://developer.uber.com/docs/eats/references/api/v2/get-eats-order-orderid we read. */
const order = {
  id: '153dd7f1-339d-4619-940c-418943c14636',
  display_id: '14636',
  current_state: 'CREATED',
  type: 'DELIVERY_BY_UBER',
  store: { id: '89dd9741-66b5-4bb4-b216-a813f3b21b4f', name: 'Burger Barn' },
  eater: { first_name: 'Maya', phone: '+61 2 8000 0000', phone_code: '123 45 678' },
  cart: {
    items: [
      {
        id: 'burger',
        instance_id: 'line-1',
        title: 'Classic Burger',
        quantity: 2,
        price: { unit_price: money(1450), total_price: money(3300) },
        selected_modifier_groups: [
          {
            title: 'Extras',
            selected_items: [
              {
                title: 'Extra cheese',
                quantity: 1,
                price: { unit_price: money(150) },
                selected_modifier_groups: [
                  {
                    title: 'Cheese',
                    selected_items: [{ title: 'Smoked', quantity: 1, price: { unit_price: money(50) } }],
                  },
                ],
              },
            ],
          },
        ],
        special_instructions: ' no pickles ',
      },
      { id: 'fries', title: 'Fries', quantity: 1, price: { unit_price: money(500) } },
    ],
  },
  payment: { charges: { total: money(4199), sub_total: money(3900), tax: money(355) } },
  placed_at: '2026-11-18T12:30:00+11:00',
};

describe('Uber Eats', () => {
  it("reads Uber's sample notification: ids only", () => {
    const event = uberEatsWebhookEvent.parse(SAMPLE_NOTIFICATION);
    expect(event).toMatchObject({
      event_id: 'c4d2261e-2779-4eb6-beb0-cb41235c751e',
      meta: {
        resource_id: '153dd7f1-339d-4619-940c-418943c14636',
        user_id: '89dd9741-66b5-4bb4-b216-a813f3b21b4f',
      },
    });
  });

  it('keeps an event type it does not know, and names a missing event_id', () => {
    expect(
      uberEatsWebhookEvent.parse({ ...SAMPLE_NOTIFICATION, event_type: 'store.provisioned' }).event_type,
    ).toBe('store.provisioned');
    const missing = uberEatsWebhookEvent.safeParse({ ...SAMPLE_NOTIFICATION, event_id: undefined });
    expect(missing.error?.issues[0]?.path).toEqual(['event_id']);
  });

  it('reads the order: cents, modifiers nested, the stated sub total and total', () => {
    const normalized = normalizeUberEatsOrder(uberEatsOrder.parse(order));
    expect(normalized).toMatchObject({
      channel: 'uber_eats',
      externalId: order.id,
      storeId: order.store.id,
      status: 'Received',
      customerName: 'Maya',
      subTotal: 39_000,
      total: 41_990,
      platformFee: 0,
    });
    expect(normalized.placedAt.toISOString()).toBe('2026-11-18T01:30:00.000Z');
    expect(normalized.lines[0]).toMatchObject({
      name: 'Classic Burger',
      unitPrice: 14_500,
      combos: [
        { name: 'Extra cheese', quantity: 1, price: 1_500 },
        { name: 'Smoked', quantity: 1, price: 500 },
      ],
      specialRequest: 'no pickles',
      lineTotal: 33_000,
    });
  });

  it.each([
    ['CREATED', 'Received'],
    ['ACCEPTED', 'Cooking'],
    ['FINISHED', 'Finished'],
    ['CANCELED', 'Canceled'],
    ['DENIED', 'Canceled'],
    ['UNKNOWN', 'Received'],
    ['SOMETHING_NEW', 'Received'],
  ])('maps the state %s to %s', (state, status) => {
    expect(normalizeUberEatsOrder(uberEatsOrder.parse({ ...order, current_state: state })).status).toBe(
      status,
    );
  });

  it('names the field of an order it cannot read', () => {
    const bad = uberEatsOrder.safeParse({ ...order, payment: { charges: { total: { amount: 12.5 } } } });
    expect(bad.error?.issues[0]?.path).toEqual(['payment', 'charges', 'total', 'amount']);
  });
});
