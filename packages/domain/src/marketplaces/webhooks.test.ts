import { describe, expect, it } from 'vitest';
import { toMills } from '../money/money.js';
import { DOORDASH_SAMPLE_ORDER } from './doordash-samples.js';
import { statusMovesForward } from './marketplace-order.js';
import { readWebhookOrder } from './webhooks.js';

const deliveroo = {
  event: 'order.new',
  body: {
    order: {
      id: 'gb:1a2b3c',
      order_number: '0042',
      location_id: 'dr-1-1',
      status: 'placed',
      placed_at: '2026-11-18T12:30:00+11:00',
      start_preparing_at: '2026-11-18T01:45:00Z',
      order_notes: 'ring the bell',
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

/**
 * DoorDash's sample order in its Orders webhook envelope, from
 * https://developer.doordash.com/en-US/docs/marketplace/reference/sample_order and
 * https://developer.doordash.com/en-US/docs/marketplace/how_to/order_integration/ (the fields we
 * read, as printed; doordash.test.ts has the whole sample).
 */
const doordash = { event: { type: 'OrderCreate', status: 'NEW' }, order: DOORDASH_SAMPLE_ORDER };
const RECEIVED_AT = new Date('2026-11-18T01:30:00.000Z');

describe('marketplace order notifications', () => {
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
    expect(result.order.placedAt.toISOString()).toBe('2026-11-18T01:30:00.000Z');
    expect(result.order.lines[0]).toMatchObject({
      specialRequest: 'ring the bell',
      lineTotal: toMills('20.50'),
    });
    expect(result.order.lines[1]).toBeUndefined();
  });

  it.each([
    ['placed', 'Received'],
    ['accepted', 'Cooking'],
    ['confirmed', 'Cooking'],
    ['rejected', 'Canceled'],
    ['canceled', 'Canceled'],
  ])('maps the Deliveroo status %s to %s', (status, ours) => {
    const result = readWebhookOrder('deliveroo', {
      ...deliveroo,
      body: { order: { ...deliveroo.body.order, status } },
    });
    expect(result.success && result.order.status).toBe(ours);
  });

  it('reads a Deliveroo order without placed_at at start_preparing_at, and the older notes field', () => {
    const { placed_at: _placed, order_notes: _notes, ...order } = deliveroo.body.order;
    const result = readWebhookOrder('deliveroo', {
      ...deliveroo,
      body: { order: { ...order, notes: 'side door' } },
    });
    if (!result.success) throw result.error;
    expect(result.order.placedAt.toISOString()).toBe('2026-11-18T01:45:00.000Z');
    expect(result.order.lines[0]!.specialRequest).toBe('side door');
  });

  it("reads DoorDash's sample order at the time received: cents, nested options, no commission", () => {
    const result = readWebhookOrder('doordash', doordash, RECEIVED_AT);
    if (!result.success) throw result.error;
    expect(result.order).toMatchObject({
      channel: 'doordash',
      externalId: 'abc12345',
      storeId: 'abc12345',
      status: 'Received',
      customerName: 'Kelley W.',
      customerPhone: '855-973-1040',
      subTotal: toMills('20.00'),
      total: toMills('20.00'),
      platformFee: 0,
    });
    expect(result.order.placedAt).toEqual(RECEIVED_AT);
    expect(result.order.lines).toEqual([
      {
        name: 'Burrito Scram-Bowl',
        quantity: 1,
        unitPrice: 0,
        combos: [
          { name: 'KETCHUP', quantity: 1, price: 0 },
          { name: 'Salt', quantity: 1, price: 0 },
        ],
        specialRequest: null,
        lineTotal: 0,
      },
    ]);
  });

  it.each([
    ['deliveroo', { ...deliveroo, body: {} }, 'body.order'],
    [
      'deliveroo',
      { ...deliveroo, body: { order: { ...deliveroo.body.order, status: 'ready_for_collection' } } },
      'body.order.status',
    ],
    [
      'deliveroo',
      {
        ...deliveroo,
        body: { order: { ...deliveroo.body.order, placed_at: undefined, start_preparing_at: undefined } },
      },
      'body.order.placed_at',
    ],
    ['doordash', { ...doordash, order: { ...doordash.order, subtotal: 12.5 } }, 'order.subtotal'],
    [
      'doordash',
      { ...doordash, order: { ...doordash.order, store: {} } },
      'order.store.merchant_supplied_id',
    ],
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
