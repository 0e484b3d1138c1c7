import { describe, expect, it } from 'vitest';
import { toMills } from '../money/money.js';
import { statusMovesForward } from './marketplace-order.js';
import { readWebhookOrder } from './webhooks.js';

const uberEats = {
  event_id: 'evt-1',
  event_type: 'orders.notification',
  event_time: 1_795_000_000,
  meta: { resource_id: 'a1b2c3d4-0000-4000-8000-000000000001', status: 'pos', user_id: 'ue-1-1' },
  order: {
    display_id: '3F2A1',
    current_state: 'CREATED',
    placed_at: '2026-11-18T12:30:00+11:00',
    eater: { first_name: 'Maya', phone: '+61 400 111 222' },
    cart: {
      items: [
        {
          title: 'Classic Burger',
          quantity: 2,
          price: { unit_price: { amount: 1450 }, total_price: { amount: 2900 } },
          selected_modifier_groups: [
            {
              title: 'Extras',
              selected_items: [
                { title: 'Extra cheese', quantity: 1, price: { unit_price: { amount: 150 } } },
              ],
            },
          ],
          special_instructions: 'no pickles ',
        },
        { title: 'Fries', quantity: 1, price: { unit_price: { amount: 500 } } },
      ],
    },
    payment: {
      charges: { sub_total: { amount: 3700 }, total: { amount: 3700 }, marketplace_fee: { amount: 1110 } },
    },
  },
};

const deliveroo = {
  event: 'order.new',
  body: {
    order: {
      id: 'gb:1a2b3c',
      order_number: '0042',
      location_id: 'dr-1-1',
      status: 'placed',
      start_preparing_at: '2026-11-18T01:30:00Z',
      notes: 'ring the bell',
      items: [
        {
          name: 'Pad Thai',
          quantity: 1,
          unit_price: { fractional: 1800, currency_code: 'AUD' },
          total_price: { fractional: 2050 },
          modifiers: [{ name: 'Prawns', quantity: 1, unit_price: { fractional: 250 } }],
        },
      ],
      partner_order_subtotal: { fractional: 2050 },
      total_price: { fractional: 2050 },
      customer: { first_name: 'Tom', contact_number: '+61400000002' },
    },
  },
};

const doordash = {
  event: { type: 'OrderCreate' },
  order: {
    id: 'dd-9001',
    store: { merchant_supplied_id: 'dd-1-1' },
    consumer: { first_name: 'Ana', phone: '+61400000003' },
    categories: [
      {
        name: 'Mains',
        items: [
          {
            name: 'Chicken Bowl',
            quantity: 3,
            price: 1333,
            special_instructions: null,
            options: [{ name: 'Avocado', quantity: 2, price: 100 }],
          },
        ],
      },
      { name: 'Drinks', items: [{ name: 'Cola', quantity: 1, price: 400, options: [] }] },
    ],
    subtotal: 5000,
    commission: 1500,
    created_at: '2026-11-18T02:00:00Z',
  },
};

const menulog = {
  OrderId: 778_899,
  RestaurantId: 'ml-1-1',
  PlacedDate: '2026-11-18T13:00:00+11:00',
  Status: 'Placed',
  Customer: { Name: 'Lee', PhoneNumber: '0400000004' },
  Items: [
    {
      Name: 'Margherita (Large)',
      Quantity: 1,
      UnitPrice: 19.9,
      TotalPrice: 23.9,
      Items: [{ Name: 'Garlic base', Quantity: 1, UnitPrice: 4 }],
    },
  ],
  SubTotal: 23.9,
  TotalPrice: 23.9,
};

describe('marketplace order notifications', () => {
  it('reads an Uber Eats order: cents, modifiers per item, the stated charges', () => {
    const result = readWebhookOrder('uber_eats', uberEats);
    if (!result.success) throw result.error;
    const order = result.order;
    expect(order).toMatchObject({
      channel: 'uber_eats',
      externalId: 'a1b2c3d4-0000-4000-8000-000000000001',
      storeId: 'ue-1-1',
      status: 'Received',
      customerName: 'Maya',
      customerPhone: '+61 400 111 222',
      subTotal: toMills('37.00'),
      total: toMills('37.00'),
      platformFee: toMills('11.10'),
    });
    expect(order.placedAt.toISOString()).toBe('2026-11-18T01:30:00.000Z');
    expect(order.lines).toEqual([
      {
        name: 'Classic Burger',
        quantity: 2,
        unitPrice: toMills('14.50'),
        combos: [{ name: 'Extra cheese', quantity: 1, price: toMills('1.50') }],
        specialRequest: 'no pickles',
        lineTotal: toMills('32.00'),
      },
      {
        name: 'Fries',
        quantity: 1,
        unitPrice: toMills('5.00'),
        combos: [],
        specialRequest: null,
        lineTotal: toMills('5.00'),
      },
    ]);
  });

  it.each([
    ['CREATED', 'Received'],
    ['ACCEPTED', 'Cooking'],
    ['FINISHED', 'Finished'],
    ['CANCELED', 'Canceled'],
    ['DENIED', 'Canceled'],
  ])('maps the Uber Eats state %s to %s', (state, status) => {
    const result = readWebhookOrder('uber_eats', {
      ...uberEats,
      order: { ...uberEats.order, current_state: state },
    });
    expect(result.success && result.order.status).toBe(status);
  });

  it('reads a Deliveroo order: fractional amounts, the order note on the first line', () => {
    const result = readWebhookOrder('deliveroo', deliveroo);
    if (!result.success) throw result.error;
    expect(result.order).toMatchObject({
      channel: 'deliveroo',
      externalId: 'gb:1a2b3c',
      storeId: 'dr-1-1',
      status: 'Received',
      customerName: 'Tom',
      subTotal: toMills('20.50'),
      total: toMills('20.50'),
      platformFee: 0,
    });
    expect(result.order.lines[0]).toMatchObject({
      specialRequest: 'ring the bell',
      lineTotal: toMills('20.50'),
    });
  });

  it('reads a DoorDash order: items of every category, options per item, commission', () => {
    const result = readWebhookOrder('doordash', doordash);
    if (!result.success) throw result.error;
    expect(result.order.lines.map((l) => [l.name, l.lineTotal])).toEqual([
      ['Chicken Bowl', toMills('45.99')],
      ['Cola', toMills('4.00')],
    ]);
    expect(result.order).toMatchObject({
      storeId: 'dd-1-1',
      subTotal: toMills('50.00'),
      total: toMills('50.00'),
      platformFee: toMills('15.00'),
    });
    const canceled = readWebhookOrder('doordash', { ...doordash, event: { type: 'OrderCancel' } });
    expect(canceled.success && canceled.order.status).toBe('Canceled');
  });

  it('reads a Menulog order: dollars, numeric ids as text, extras', () => {
    const result = readWebhookOrder('menulog', menulog);
    if (!result.success) throw result.error;
    expect(result.order).toMatchObject({
      externalId: '778899',
      storeId: 'ml-1-1',
      status: 'Received',
      subTotal: toMills('23.90'),
      total: toMills('23.90'),
    });
    expect(result.order.lines[0]).toMatchObject({
      unitPrice: toMills('19.90'),
      combos: [{ name: 'Garlic base', quantity: 1, price: toMills('4.00') }],
      lineTotal: toMills('23.90'),
    });
  });

  it.each([
    ['uber_eats', { ...uberEats, order: { ...uberEats.order, cart: { items: [] } } }, 'order.cart.items'],
    ['uber_eats', { ...uberEats, event_type: 'orders.cancel' }, 'event_type'],
    ['deliveroo', { ...deliveroo, body: {} }, 'body.order'],
    ['doordash', { ...doordash, order: { ...doordash.order, subtotal: 12.5 } }, 'order.subtotal'],
    ['menulog', { ...menulog, TotalPrice: 23.905 }, 'TotalPrice'],
    ['menulog', { ...menulog, PlacedDate: '18/11/2026' }, 'PlacedDate'],
  ] as const)('refuses a bad %s payload naming %s', (channel, payload, field) => {
    const result = readWebhookOrder(channel, payload);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues[0]!.path.join('.')).toBe(field);
  });
});

describe('status notifications', () => {
  it('move an order forward only, and a cancel from anywhere', () => {
    expect(statusMovesForward('Received', 'Cooking')).toBe(true);
    expect(statusMovesForward('Finished', 'Canceled')).toBe(true);
    expect(statusMovesForward('Cooking', 'Received')).toBe(false);
    expect(statusMovesForward('Canceled', 'Finished')).toBe(false);
    expect(statusMovesForward('Received', 'Received')).toBe(false);
  });
});
