import { describe, expect, it } from 'vitest';
import { toMills } from '../money/money.js';
import { readDoordashWebhook } from './doordash.js';
import { DOORDASH_SAMPLE_ORDER } from './doordash-samples.js';
import { readWebhookOrder } from './webhooks.js';

const RECEIVED_AT = new Date('2026-11-18T01:30:00.000Z');

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * The envelope of the Orders webhook, from
 * https://developer.doordash.com/en-US/docs/marketplace/how_to/order_integration/
 * ("event": { "type": "OrderCreate", "status": "NEW" }, "order": <Order json object>).
 */
const envelope = (order: unknown) => ({ event: { type: 'OrderCreate', status: 'NEW' }, order });

const sampleOrder = DOORDASH_SAMPLE_ORDER;

/** The Plain Bagel item of the self-delivery sample, with its "Toast & Slice" extra. */
const plainBagel = {
  name: 'Plain Bagel',
  quantity: 1,
  price: 149,
  merchant_supplied_id: '780709',
  consumer_name: 'Kelley',
  extras: [
    {
      merchant_supplied_id: 'Toast & Slice',
      name: 'Toast & Slice',
      options: [
        { name: 'Sliced & Toasted', quantity: 1, price: 0, merchant_supplied_id: '780471', extras: [] },
      ],
    },
  ],
  special_instructions: '',
};

/** The "Eggs" extra of the self-delivery sample, with its priced option. */
const eggsExtra = {
  merchant_supplied_id: 'Eggs',
  name: 'Eggs',
  options: [
    {
      name: 'Folded Egg White (30 Cal.)',
      quantity: 1,
      price: 109,
      merchant_supplied_id: 'K:90136',
      extras: [],
    },
  ],
};

/**
 * DoorDash's sample self-delivery order, as printed at
 * https://developer.doordash.com/en-US/docs/marketplace/reference/sample_self-delivery_order
 * (its "estimated_pickup_time" appears twice; JSON keeps the last). As printed, the "Eggs" extra
 * sits one bracket off, among the category's items.
 */
const selfDeliveryOrder = (items: unknown[]) => ({
  id: '0nb24d02-e25f-4acb-aeb0-e387b1335791',
  tax: 94,
  subtotal: 1564,
  is_pickup: false,
  tip_amount: 100,
  order_special_instructions: '',
  delivery_address: {
    city: 'Atlanta',
    subpremise: '205',
    address_instructions: 'Leave at my door:Building 23 Red doormat',
    state: 'GA',
    street: '1234 May Ave SE',
    lat: '42.1234567',
    lng: '-83.1234567',
    zip_code: '30316',
    country_code: 'US',
  },
  consumer: {
    id: 42298631,
    first_name: 'Kelley',
    last_name: 'B',
    email: '[email protected]',
    phone: '1231234567',
  },
  store: { merchant_supplied_id: '601135', provider_type: 'posprovider_1', timezone: 'US/Eastern' },
  categories: [{ merchant_supplied_id: '10033', name: 'Breakfast', items, special_instructions: '' }],
  delivery_short_code: '897176',
  tax_transaction_id: '6db24d02-e25f-4acb-aeb0-e387b1335791',
  delivery_fee: 299,
  taxes_on_fees: 18,
  extra_cart_order_fee: 0,
  commission_type: 'dashpass',
  is_tax_remitted_by_doordash: true,
  tax_amount_remitted_by_doordash: 94,
  estimated_pickup_time: '2021-04-15T12:02:08.775330+00:00',
  fulfillment_type: 'mx_delivery',
});

/**
 * DoorDash's sample order cancellation notification, as printed at
 * https://developer.doordash.com/en-US/docs/marketplace/how_to/order_cancellation_webhook/
 */
const sampleCancellation = {
  external_order_id: '0da8b530-7c4c-4925-8785-cd843b797d64',
  client_order_id: '321',
  store: { provider_type: 'provider_a', merchant_supplied_id: 'location1' },
  is_asap: true,
};

function read(json: unknown) {
  const result = readDoordashWebhook(json, RECEIVED_AT);
  if (!result.success) throw result.error;
  return result.webhook;
}

function readOrder(json: unknown) {
  const webhook = read(json);
  if (webhook.kind !== 'order') throw new Error(`expected an order, got ${webhook.kind}`);
  return webhook;
}

describe('DoorDash Orders webhook (documented samples)', () => {
  it('reads the sample order: the item, its extras and nested extras as combos, placed when received', () => {
    const { order, details } = readOrder(envelope(sampleOrder));
    expect(order).toEqual({
      channel: 'doordash',
      externalId: 'abc12345',
      storeId: 'abc12345',
      status: 'Received',
      placedAt: RECEIVED_AT,
      customerName: 'Kelley W.',
      customerPhone: '855-973-1040',
      lines: [
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
      ],
      subTotal: toMills('20.00'),
      total: toMills('20.00'),
      platformFee: 0,
    });
    expect(details).toEqual({
      doordashOrderId: 'abc12345',
      eventType: 'OrderCreate',
      eventStatus: 'NEW',
      isPickup: true,
      fulfillmentType: 'dx_delivery',
      experience: 'DOORDASH',
      tax: toMills('3.00'),
      estimatedPickupTime: '2019-08-24T14:15:22Z',
      deliveryShortCode: 'string',
    });
  });

  it('reads the self-delivery sample with the Eggs extra under its item: priced options to the cent', () => {
    const bagel = { ...plainBagel, extras: [...plainBagel.extras, eggsExtra] };
    const { order, details } = readOrder(envelope(selfDeliveryOrder([bagel])));
    expect(order.lines).toEqual([
      {
        name: 'Plain Bagel',
        quantity: 1,
        unitPrice: toMills('1.49'),
        combos: [
          { name: 'Sliced & Toasted', quantity: 1, price: 0 },
          { name: 'Folded Egg White (30 Cal.)', quantity: 1, price: toMills('1.09') },
        ],
        specialRequest: null,
        lineTotal: toMills('2.58'),
      },
    ]);
    expect(order).toMatchObject({
      externalId: '0nb24d02-e25f-4acb-aeb0-e387b1335791',
      storeId: '601135',
      customerName: 'Kelley B',
      customerPhone: '1231234567',
      subTotal: toMills('15.64'),
      total: toMills('15.64'),
      platformFee: 0,
    });
    expect(details).toMatchObject({ isPickup: false, fulfillmentType: 'mx_delivery', tax: toMills('0.94') });
  });

  it('refuses the self-delivery sample as printed, naming the misplaced entry', () => {
    const result = readDoordashWebhook(envelope(selfDeliveryOrder([plainBagel, eggsExtra])), RECEIVED_AT);
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.issues[0]!.path.join('.')).toBe('order.categories.0.items.1.quantity');
      expect(result.error.issues[0]!.message).toBe('must be a number');
    }
  });

  it('multiplies each option by the item and a nested option by its parent, in cents exactly', () => {
    const order = clone(sampleOrder);
    const item = order.categories[0]!.items[0]!;
    item.quantity = 3;
    item.price = 1333;
    const ketchup = item.extras[0]!.options[0]!;
    ketchup.price = 35;
    ketchup.quantity = 2;
    ketchup.extra[0]!.options[0]!.price = 5;
    const { order: read } = readOrder(envelope(order));
    expect(read.lines[0]!.combos).toEqual([
      { name: 'KETCHUP', quantity: 2, price: toMills('0.35') },
      { name: 'Salt', quantity: 2, price: toMills('0.05') },
    ]);
    // (13.33 + 2 x 0.35 + 2 x 0.05) x 3 = 42.39
    expect(read.lines[0]!.lineTotal).toBe(toMills('42.39'));
  });

  it('puts special instructions on their line, and the order’s own on the first line', () => {
    const order = clone(sampleOrder);
    order.order_special_instructions = 'ring the bell';
    (order.categories[0]!.items[0] as Record<string, unknown>).special_instructions = ' no onion ';
    expect(readOrder(envelope(order)).order.lines[0]!.specialRequest).toBe('no onion | ring the bell');
  });

  it('keeps an unknown event type or enum value as sent, at Received', () => {
    const adjusted = readOrder({
      event: { type: 'OrderAdjust', event_time: '2024-05-06T19:50:43+00:00' },
      order: sampleOrder,
    });
    expect(adjusted.order.status).toBe('Received');
    expect(adjusted.details).toMatchObject({ eventType: 'OrderAdjust', eventStatus: null });
    const future = readOrder({
      event: { type: 'OrderSomethingNew', status: 'LATER' },
      order: { ...sampleOrder, fulfillment_type: 'drone_delivery', experience: 'NEW_APP' },
    });
    expect(future.details).toMatchObject({
      eventType: 'OrderSomethingNew',
      eventStatus: 'LATER',
      fulfillmentType: 'drone_delivery',
      experience: 'NEW_APP',
    });
  });

  it('is what the generic webhook adapter reads for doordash, at the time given', () => {
    const result = readWebhookOrder('doordash', envelope(sampleOrder), RECEIVED_AT);
    expect(result.success && result.order.placedAt).toEqual(RECEIVED_AT);
  });
});

describe('DoorDash Order Canceled webhook', () => {
  it('reads the documented sample as a status change to Canceled', () => {
    expect(read(sampleCancellation)).toEqual({
      kind: 'status',
      externalId: '0da8b530-7c4c-4925-8785-cd843b797d64',
      storeId: 'location1',
      clientOrderId: '321',
      status: 'Canceled',
    });
  });

  it('needs no client order id (an order we never confirmed with one)', () => {
    const { client_order_id: _, ...withoutClientId } = sampleCancellation;
    expect(read(withoutClientId)).toMatchObject({ clientOrderId: null, status: 'Canceled' });
  });
});

describe('malformed DoorDash webhooks', () => {
  const withOptionPrice = (price: unknown) => {
    const order = clone(sampleOrder) as Record<string, unknown> & typeof sampleOrder;
    (order.categories[0]!.items[0]!.extras[0]!.options[0] as Record<string, unknown>).price = price;
    return envelope(order);
  };

  it.each([
    ['a subtotal in dollars', envelope({ ...sampleOrder, subtotal: 20.5 }), 'order.subtotal'],
    [
      'an option price as text',
      withOptionPrice('1.09'),
      'order.categories.0.items.0.extras.0.options.0.price',
    ],
    ['no store', envelope({ ...sampleOrder, store: undefined }), 'order.store'],
    ['no categories', envelope({ ...sampleOrder, categories: [] }), 'order.categories'],
    ['no event', { order: sampleOrder }, 'event'],
    ['a cancellation without its store', { ...sampleCancellation, store: undefined }, 'store'],
    [
      'a cancellation with an empty order id',
      { ...sampleCancellation, external_order_id: ' ' },
      'external_order_id',
    ],
  ])('refuses %s, naming %s', (_, json, field) => {
    const result = readDoordashWebhook(json, RECEIVED_AT);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues[0]!.path.join('.')).toBe(field);
  });

  it('refuses what is not an object', () => {
    expect(readDoordashWebhook('OrderCreate', RECEIVED_AT).success).toBe(false);
    expect(readDoordashWebhook(null, RECEIVED_AT).success).toBe(false);
  });
});
