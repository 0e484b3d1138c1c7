import { randomUUID } from 'node:crypto';
import { deliverooPayload, type KitchenTicket, normalizeDeliveroo } from '@kitchaco/domain';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, kitchenTickets, orderStatusEvents, orders, outbox } from '../../db/schema/index.js';
import { createTestApp, secondInstance, type TestApp, UNLIMITED_CHECKOUTS } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { createLocation, createMeal, createVendor } from '../../test/factories.js';
import { mappedStore, notification } from '../../test/marketplaces.js';
import { CARD_OK } from '../../test/payments.js';
import { moveWebhookOrderStatus, receiveWebhookOrder } from '../marketplaces/marketplaces.service.js';

let t: TestApp;
let locationId: number;
let otherLocationId: number;
let burgers: number;
let bowls: number;
let burger: Awaited<ReturnType<typeof createMeal>>;
let bowl: Awaited<ReturnType<typeof createMeal>>;
let customer: { token: string; id: number };
let kitchen: { token: string; id: number };
let operator: { token: string; id: number };
let otherOperator: { token: string; id: number };
let otherKitchen: { token: string; id: number };
let admin: { token: string; id: number };

beforeAll(async () => {
  t = await createTestApp(UNLIMITED_CHECKOUTS);
  const db = t.database.db;
  locationId = (await createLocation(db, { name: 'Reservoir' })).id;
  burgers = (await createVendor(db, locationId, { title: 'Smash Bros' })).id;
  bowls = (await createVendor(db, locationId, { title: 'Green Bowl' })).id;
  burger = await createMeal(
    db,
    burgers,
    { name: 'Double Smash', price: '16.90' },
    { combos: [{ name: 'Add fries', price: '4.50' }], subitems: [{ name: 'Medium' }] },
  );
  bowl = await createMeal(db, bowls, { name: 'Poke Bowl', price: '18.50' });
  otherLocationId = (await createLocation(db, { name: 'Elsewhere' })).id;
  customer = await tokenFor(db, 'customer');
  kitchen = await tokenFor(db, 'kitchen', locationId);
  operator = await tokenFor(db, 'operator', locationId);
  otherOperator = await tokenFor(db, 'operator', otherLocationId);
  otherKitchen = await tokenFor(db, 'kitchen', otherLocationId);
  admin = await tokenFor(db, 'super_admin');
});
afterAll(() => t.close());

/** A paid two-brand web order (two burgers with fries and a note, one bowl). */
async function placeOrder(): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/orders/',
    headers: { authorization: `Token ${customer.token}`, 'idempotency-key': randomUUID() },
    payload: {
      checkout: {
        kitchaco: locationId,
        order_type: 'pickup',
        lines: [
          {
            meal_id: burger.meal.id,
            quantity: 2,
            subitem_id: burger.subitems[0]!.id,
            combo_ids: [burger.combos[0]!.id],
            special_request: 'No pickles',
          },
          { meal_id: bowl.meal.id, quantity: 1, combo_ids: [] },
        ],
      },
      payment: CARD_OK,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order.id;
}

function adminData(token: string, payload: Record<string, unknown>, app = t.app) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/admin-data/',
    headers: { authorization: `Token ${token}` },
    payload,
  });
}

const listTickets = (token: string, extra: Record<string, unknown> = {}) =>
  adminData(token, { query_type: 'kitchen_tickets', ...extra });
const bump = (token: string, ticketId: number, status: string, app = t.app) =>
  adminData(token, { query_type: 'bump_kitchen_ticket', ticket_id: ticketId, status }, app);

async function ticketsOf(orderId: number) {
  return t.database.db
    .select()
    .from(kitchenTickets)
    .where(eq(kitchenTickets.orderId, orderId))
    .orderBy(kitchenTickets.vendorId);
}
const orderStatus = async (orderId: number) =>
  (await t.database.db.select({ s: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.s;
const textsOf = (orderId: number, status: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.body, `Kitchaco: your order #${orderId} is now ${status}.`));
const eventsTo = (orderId: number, status: 'Ready for pickup' | 'Cooking') =>
  t.database.db
    .select()
    .from(orderStatusEvents)
    .where(and(eq(orderStatusEvents.orderId, orderId), eq(orderStatusEvents.toStatus, status)));

describe('kitchen tickets', () => {
  it('writes one ticket per brand with a paid web order, listed with that brand’s lines only', async () => {
    const orderId = await placeOrder();
    const stored = await ticketsOf(orderId);
    expect(stored.map((s) => [s.vendorId, s.status, s.locationId])).toEqual([
      [burgers, 'queued', locationId],
      [bowls, 'queued', locationId],
    ]);

    const res = await listTickets(kitchen.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.kitchaco).toBe(locationId);
    // The display shows its times on the location's clock, wherever the tablet's zone is set.
    expect(body.time_zone).toBe('Australia/Melbourne');
    expect(body.now).toBe(t.clock.now().toISOString());
    const mine = body.tickets.filter((k: KitchenTicket) => k.order_id === orderId) as KitchenTicket[];
    expect(mine).toHaveLength(2);
    const burgerTicket = mine.find((k) => k.station.vendor_id === burgers)!;
    expect(burgerTicket).toMatchObject({
      order_number: String(orderId),
      station: { vendor_id: burgers, title: 'Smash Bros' },
      status: 'queued',
      order_status: 'Received',
      channel: 'online_pickup',
      source: 'Kitchaco App',
      order_type: 'pickup',
      promised_source: 'default_prep',
      started_at: null,
      done_at: null,
      lines: [
        {
          meal_name: 'Double Smash',
          quantity: 2,
          subitem: 'Medium',
          combos: [{ name: 'Add fries', quantity: 1 }],
          note: 'No pickles',
        },
      ],
    });
    // Placed + 15 minutes when the order has no pickup time of its own.
    expect(Date.parse(burgerTicket.promised_at) - Date.parse(burgerTicket.created_at)).toBe(15 * 60_000);
    expect(mine.find((k) => k.station.vendor_id === bowls)!.lines.map((l) => l.meal_name)).toEqual([
      'Poke Bowl',
    ]);

    // The operator sees the same; a super admin names the location; `since` keeps later changes.
    expect((await listTickets(operator.token)).json().tickets).toEqual(body.tickets);
    expect((await listTickets(admin.token, { kitchaco: locationId })).json().tickets).toEqual(body.tickets);
    expect((await listTickets(admin.token)).statusCode).toBe(400);
    const later = new Date(t.clock.now().getTime() + 1000).toISOString();
    expect((await listTickets(kitchen.token, { since: later })).json().tickets).toEqual([]);
    // Another location's kitchen sees none of them, and may not name this location.
    expect((await listTickets(otherKitchen.token)).json().tickets).toEqual([]);
    expect((await listTickets(otherKitchen.token, { kitchaco: locationId })).statusCode).toBe(403);
  });

  it('writes tickets for a marketplace webhook order when it is stored', async () => {
    const { locationId: store, vendorId } = await mappedStore(
      t.database.db,
      'deliveroo',
      'dr-kitchen-1',
      'Taco Town',
      [{ name: 'Fish Taco', price: '9.00' }],
    );
    const payload = deliverooPayload.parse(
      notification('deliveroo', {
        externalId: `dr-${randomUUID()}`,
        storeId: 'dr-kitchen-1',
        items: [{ name: 'Fish Taco', quantity: 3, cents: 900 }],
        customer: { name: 'Maya Chen', phone: '+61400111222' },
      }),
    );
    const order = normalizeDeliveroo(payload);
    const stored = await receiveWebhookOrder(t.app.appContext, order);
    const tickets = await ticketsOf(stored.order_id);
    expect(tickets.map((k) => [k.vendorId, k.locationId, k.status])).toEqual([[vendorId, store, 'queued']]);
    // A resend stores nothing new.
    await receiveWebhookOrder(t.app.appContext, order);
    expect(await ticketsOf(stored.order_id)).toHaveLength(1);

    const storeKitchen = await tokenFor(t.database.db, 'kitchen', store);
    const [ticket] = (await listTickets(storeKitchen.token)).json().tickets as KitchenTicket[];
    expect(ticket).toMatchObject({
      channel: 'deliveroo',
      source: 'Deliveroo',
      order_type: 'delivery',
      customer_first_name: 'Maya',
      lines: [{ meal_name: 'Fish Taco', quantity: 3 }],
    });
  });

  it('moves the order with its tickets: Cooking silently, Ready once with one text', async () => {
    const orderId = await placeOrder();
    const [a, b] = await ticketsOf(orderId);

    const started = await bump(kitchen.token, a!.id, 'started');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      success: true,
      order_status: 'Cooking',
      ticket: {
        id: a!.id,
        status: 'started',
        started_at: t.clock.now().toISOString(),
        bumped_by: kitchen.id,
      },
    });
    expect(await orderStatus(orderId)).toBe('Cooking');
    expect(await textsOf(orderId, 'Cooking')).toHaveLength(0);

    t.clock.advance(60_000);
    expect((await bump(kitchen.token, a!.id, 'done')).json().order_status).toBe('Cooking');
    // Skipping started is fine; the last ticket done makes the order Ready.
    const last = await bump(kitchen.token, b!.id, 'done');
    expect(last.json()).toMatchObject({ order_status: 'Ready for pickup', ticket: { status: 'done' } });
    expect(await orderStatus(orderId)).toBe('Ready for pickup');
    expect(await textsOf(orderId, 'Ready for pickup')).toHaveLength(1);
    expect(await eventsTo(orderId, 'Ready for pickup')).toHaveLength(1);

    // Audited: each bump, and the order's status changes, by the kitchen account.
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, kitchen.id), like(auditLog.summary, `Order #${orderId}%`)));
    expect(entries.filter((e) => e.action === 'kitchen.bump')).toHaveLength(3);
    expect(entries.filter((e) => e.action === 'order.status').map((e) => e.after)).toEqual([
      { status: 'Cooking' },
      { status: 'Ready for pickup' },
    ]);

    // Undo of the last done ticket: the order goes back to Cooking silently; redone, Ready again
    // without a second text.
    t.clock.advance(30_000);
    expect((await bump(kitchen.token, b!.id, 'started')).json().order_status).toBe('Cooking');
    expect(await textsOf(orderId, 'Cooking')).toHaveLength(0);
    expect((await bump(kitchen.token, b!.id, 'done')).json().order_status).toBe('Ready for pickup');
    expect(await textsOf(orderId, 'Ready for pickup')).toHaveLength(1);

    // Done tickets stay listed 15 minutes (for undo), then leave the screen.
    const listed = async () =>
      ((await listTickets(kitchen.token)).json().tickets as KitchenTicket[]).filter(
        (k) => k.order_id === orderId,
      ).length;
    expect(await listed()).toBe(2);
    t.clock.advance(16 * 60_000);
    expect(await listed()).toBe(0);
  });

  it('allows an undo within 2 minutes of a change only, and none once the order is handed over', async () => {
    const orderId = await placeOrder();
    const [a] = await ticketsOf(orderId);
    await bump(kitchen.token, a!.id, 'started');
    t.clock.advance(119_000);
    expect((await bump(kitchen.token, a!.id, 'queued')).json()).toMatchObject({
      order_status: 'Cooking',
      ticket: { status: 'queued', started_at: null },
    });
    await bump(kitchen.token, a!.id, 'started');
    t.clock.advance(121_000);
    const late = await bump(kitchen.token, a!.id, 'queued');
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(
      'This ticket was changed more than 2 minutes ago, so it can no longer be undone.',
    );
    expect((await ticketsOf(orderId))[0]!.status).toBe('started');

    await adminData(operator.token, {
      query_type: 'update_order_status',
      order_id: orderId,
      status: 'Finished',
    });
    await bump(kitchen.token, a!.id, 'done');
    const handedOver = await bump(kitchen.token, a!.id, 'started');
    expect(handedOver.statusCode).toBe(409);
    expect(handedOver.json().error).toContain('handed over');
  });

  it('refuses another location’s operator and kitchen: status and bumps, changing nothing', async () => {
    const orderId = await placeOrder();
    const [a] = await ticketsOf(orderId);
    for (const who of [otherOperator, otherKitchen]) {
      const status = await adminData(who.token, {
        query_type: 'update_order_status',
        order_id: orderId,
        status: 'Cooking',
      });
      expect(status.statusCode).toBe(403);
      expect((await bump(who.token, a!.id, 'started')).statusCode).toBe(403);
    }
    expect(await orderStatus(orderId)).toBe('Received');
    expect((await ticketsOf(orderId))[0]!.status).toBe('queued');
    // The location's own kitchen account may move its orders with update_order_status too.
    const own = await adminData(kitchen.token, {
      query_type: 'update_order_status',
      order_id: orderId,
      status: 'Cooking',
    });
    expect(own.json()).toEqual({ success: true, result: 'Changed Successfully' });
    expect((await bump(kitchen.token, 999_999, 'done')).statusCode).toBe(404);
  });

  it('makes the order Ready exactly once when two tablets bump its last two tickets at once', async () => {
    for (let round = 0; round < 5; round++) {
      const orderId = await placeOrder();
      const [a, b] = await ticketsOf(orderId);
      const other = await tokenFor(t.database.db, 'kitchen', locationId);
      const answers = await Promise.all([
        bump(kitchen.token, a!.id, 'done'),
        bump(other.token, b!.id, 'done'),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(answers.map((r) => r.json().order_status)).toContain('Ready for pickup');
      expect(await orderStatus(orderId)).toBe('Ready for pickup');
      expect(await eventsTo(orderId, 'Ready for pickup')).toHaveLength(1);
      expect(await textsOf(orderId, 'Ready for pickup')).toHaveLength(1);
    }
  });
});

describe('kitchen event stream', () => {
  it('delivers a ticket changed on one instance to a kitchen screen on another', async () => {
    const other = await secondInstance(t);
    const abort = new AbortController();
    try {
      const address = await other.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${address}/api/v1/kitchen/events/`, {
        headers: { authorization: `Token ${kitchen.token}` },
        signal: abort.signal,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      const reader = res.body!.getReader();
      let text = '';
      const readUntil = async (needle: string) => {
        while (!text.includes(needle)) {
          const { value, done } = await reader.read();
          if (done) break;
          text += new TextDecoder().decode(value);
        }
      };
      await readUntil('event: hello');
      expect(text).toContain(`"kitchaco":${locationId}`);

      const orderId = await placeOrder();
      const [a] = await ticketsOf(orderId);
      await readUntil(`"id":${a!.id},`);
      expect(text).toContain('event: ticket');
      await bump(kitchen.token, a!.id, 'started');
      await readUntil('"status":"started"');
      const events = text
        .split('\n\n')
        .filter((chunk) => chunk.startsWith('event: ticket'))
        .map((chunk) => JSON.parse(chunk.split('\ndata: ')[1]!) as KitchenTicket);
      const started = events.find((e) => e.id === a!.id && e.status === 'started')!;
      expect(started).toMatchObject({ order_id: orderId, order_status: 'Cooking', location_id: locationId });
      // Only this location's tickets reach this screen.
      expect(events.every((e) => e.location_id === locationId)).toBe(true);

      const anonymous = await fetch(`${address}/api/v1/kitchen/events/`);
      expect(anonymous.status).toBe(401);
    } finally {
      abort.abort();
      await other.close();
    }
  });
});

/** A kitchen screen's event stream on another instance: every ticket event it has heard so far. */
async function screenOn(address: string, token: string) {
  const abort = new AbortController();
  const res = await fetch(`${address}/api/v1/kitchen/events/`, {
    headers: { authorization: `Token ${token}` },
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  let text = '';
  const heard = () =>
    text
      .split('\n\n')
      .filter((chunk) => chunk.startsWith('event: ticket'))
      .map((chunk) => JSON.parse(chunk.split('\ndata: ')[1]!) as KitchenTicket);
  /** Reads until a ticket event matching `wanted` arrives; that event. */
  const until = async (wanted: (ticket: KitchenTicket) => boolean) => {
    for (;;) {
      const found = heard().find(wanted);
      if (found) return found;
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended before the ticket came: ${text}`);
      text += new TextDecoder().decode(value);
    }
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the stream ended before hello');
    text += new TextDecoder().decode(value);
    if (text.includes('event: hello')) break;
  }
  return { until, close: () => abort.abort() };
}

const setStatus = (orderId: number, status: string, app = t.app) =>
  adminData(admin.token, { query_type: 'update_order_status', order_id: orderId, status }, app);

describe('one truth for tickets (issue 38)', () => {
  let other: Awaited<ReturnType<typeof secondInstance>>;
  let address: string;
  let screen: Awaited<ReturnType<typeof screenOn>>;
  beforeAll(async () => {
    other = await secondInstance(t);
    address = await other.listen({ port: 0, host: '127.0.0.1' });
    screen = await screenOn(address, kitchen.token);
  });
  afterAll(async () => {
    screen.close();
    await other.close();
  });

  const listed = async (orderId: number) =>
    ((await listTickets(kitchen.token)).json().tickets as KitchenTicket[]).filter(
      (k) => k.order_id === orderId,
    );

  it('clears the tickets of an order made Ready elsewhere, on every instance’s screen', async () => {
    const orderId = await placeOrder();
    const [a, b] = await ticketsOf(orderId);
    await bump(kitchen.token, a!.id, 'started');
    expect((await setStatus(orderId, 'Ready for pickup')).json().success).toBe(true);

    expect((await ticketsOf(orderId)).map((k) => k.status)).toEqual(['done', 'done']);
    // The screen on the other instance hears both tickets done, with their order Ready.
    for (const id of [a!.id, b!.id]) {
      const event = await screen.until((e) => e.id === id && e.status === 'done');
      expect(event).toMatchObject({ order_status: 'Ready for pickup', done_at: expect.any(String) });
    }
    // A screen that loads now shows nothing to cook for it (done tickets only, for undo).
    expect((await listed(orderId)).map((k) => k.status)).toEqual(['done', 'done']);
    // One text for Ready (the back office's), none from the tickets.
    expect(await textsOf(orderId, 'Ready for pickup')).toHaveLength(1);
  });

  it('clears them when the order is handed over or finished, and recalls them to Cooking', async () => {
    const orderId = await placeOrder();
    await setStatus(orderId, 'Finished');
    expect((await ticketsOf(orderId)).map((k) => k.status)).toEqual(['done', 'done']);
    expect(
      (await listTickets(kitchen.token))
        .json()
        .tickets.some((k: KitchenTicket) => k.order_id === orderId && k.status !== 'done'),
    ).toBe(false);

    // Recalled from the pass: back on the columns, as started.
    await setStatus(orderId, 'Cooking');
    expect((await ticketsOf(orderId)).map((k) => [k.status, k.doneAt])).toEqual([
      ['started', null],
      ['started', null],
    ]);
    const [a] = await ticketsOf(orderId);
    await screen.until((e) => e.id === a!.id && e.status === 'started' && e.order_status === 'Cooking');
    // Back to Received: cooked again from the start.
    await setStatus(orderId, 'Received');
    expect((await ticketsOf(orderId)).map((k) => [k.status, k.startedAt])).toEqual([
      ['queued', null],
      ['queued', null],
    ]);
  });

  it('cancels the tickets of an order canceled elsewhere (and refunded), refusing their bumps', async () => {
    const orderId = await placeOrder();
    const [a, b] = await ticketsOf(orderId);
    await bump(kitchen.token, a!.id, 'done');
    const canceled = await setStatus(orderId, 'Canceled', other);
    expect(canceled.json()).toMatchObject({ success: true, refund: { kind: 'refunded' } });

    // The one already made stays done; the other is called off.
    expect((await ticketsOf(orderId)).map((k) => k.status)).toEqual(['done', 'canceled']);
    const event = await screen.until((e) => e.id === b!.id && e.status === 'canceled');
    expect(event.order_status).toBe('Canceled');
    // Listed as canceled for the screen's notice (so a reload still says so).
    expect((await listed(orderId)).find((k) => k.id === b!.id)?.status).toBe('canceled');
    const refused = await bump(kitchen.token, b!.id, 'started');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('was canceled');
    expect((await ticketsOf(orderId))[1]!.status).toBe('canceled');
  });

  it('cancels the tickets of a marketplace order the platform canceled', async () => {
    const { locationId: store } = await mappedStore(t.database.db, 'deliveroo', 'dr-truth-1', 'Taco Truth', [
      { name: 'Fish Taco', price: '9.00' },
    ]);
    const externalId = `dr-${randomUUID()}`;
    const order = normalizeDeliveroo(
      deliverooPayload.parse(
        notification('deliveroo', {
          externalId,
          storeId: 'dr-truth-1',
          items: [{ name: 'Fish Taco', quantity: 1, cents: 900 }],
        }),
      ),
    );
    const stored = await receiveWebhookOrder(t.app.appContext, order);
    const storeKitchen = await tokenFor(t.database.db, 'kitchen', store);
    const storeScreen = await screenOn(address, storeKitchen.token);
    try {
      const moved = await moveWebhookOrderStatus(other.appContext, 'deliveroo', externalId, 'Canceled');
      expect(moved).toMatchObject({ moved: true, status: 'Canceled' });
      const [ticket] = await ticketsOf(stored.order_id);
      expect(ticket!.status).toBe('canceled');
      await storeScreen.until((e) => e.id === ticket!.id && e.status === 'canceled');
    } finally {
      storeScreen.close();
    }
  });

  it('cancels the open tickets of an order refunded in full, not of one refunded in part', async () => {
    const refund = (orderId: number, amount: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/payments/refunds/',
        headers: { authorization: `Token ${admin.token}` },
        payload: { order_id: orderId, amount, reason: 'Customer asked' },
      });
    const orderId = await placeOrder();
    const [row] = await t.database.db
      .select({ total: orders.total })
      .from(orders)
      .where(eq(orders.id, orderId));
    const total = row!.total;
    expect((await refund(orderId, '5.00')).statusCode).toBe(200);
    expect((await ticketsOf(orderId)).map((k) => k.status)).toEqual(['queued', 'queued']);

    const left = (Math.round(Number(total) * 100) - 500) / 100;
    expect((await refund(orderId, left.toFixed(2))).statusCode).toBe(200);
    expect((await ticketsOf(orderId)).map((k) => k.status)).toEqual(['canceled', 'canceled']);
    const [a] = await ticketsOf(orderId);
    const event = await screen.until((e) => e.id === a!.id && e.status === 'canceled');
    // The order itself stays as it was: its status is the back office's to change.
    expect(event.order_status).toBe('Received');
    // ...and the counter's board no longer shows it as being prepared.
    const link = await adminData(operator.token, { query_type: 'pickup_board_link' });
    const board = await t.app.inject({
      method: 'GET',
      url: `/api/v1/pickup-board/?display=${encodeURIComponent(link.json().display_token)}`,
    });
    expect(board.json().preparing.map((o: { order_number: string }) => o.order_number)).not.toContain(
      String(orderId),
    );
  });
});

describe('pickup board', () => {
  it('shows preparing and ready order numbers to the right display token only', async () => {
    const link = await adminData(operator.token, { query_type: 'pickup_board_link' });
    expect(link.statusCode, link.body).toBe(200);
    const { display_token: token, path } = link.json();
    expect(path).toBe(`/pickup-board?display=${encodeURIComponent(token)}`);

    const preparing = await placeOrder();
    const ready = await placeOrder();
    for (const k of await ticketsOf(ready)) await bump(kitchen.token, k.id, 'done');

    const board = await t.app.inject({ method: 'GET', url: `/api/v1/pickup-board/?display=${token}` });
    expect(board.statusCode, board.body).toBe(200);
    const body = board.json();
    expect(body.location).toEqual({ name: 'Reservoir', time_zone: 'Australia/Melbourne' });
    expect(body.preparing.map((o: { order_number: string }) => o.order_number)).toContain(String(preparing));
    expect(body.preparing.map((o: { order_number: string }) => o.order_number)).not.toContain(String(ready));
    expect(body.ready).toContainEqual({ order_number: String(ready), ready_at: t.clock.now().toISOString() });

    const wrong = await t.app.inject({ method: 'GET', url: '/api/v1/pickup-board/?display=not-the-token' });
    expect(wrong.statusCode).toBe(404);

    // Ready orders leave the board after 30 minutes.
    t.clock.advance(31 * 60_000);
    const later = (
      await t.app.inject({ method: 'GET', url: `/api/v1/pickup-board/?display=${token}` })
    ).json();
    expect(later.ready.map((o: { order_number: string }) => o.order_number)).not.toContain(String(ready));

    // Rotating replaces the link (audited); the old one stops working.
    const rotated = await adminData(admin.token, {
      query_type: 'pickup_board_link',
      kitchaco: locationId,
      rotate: true,
    });
    const fresh = rotated.json().display_token;
    expect(fresh).not.toBe(token);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/pickup-board/?display=${token}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/pickup-board/?display=${fresh}` })).statusCode,
    ).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'location.pickup_board_rotate'));
    expect(entry).toMatchObject({ entityId: String(locationId), actorId: admin.id });
    expect(JSON.stringify(entry!.after)).not.toContain(fresh);
    // Kitchen accounts do not read the link; another location's operator is refused.
    expect((await adminData(kitchen.token, { query_type: 'pickup_board_link' })).statusCode).toBe(403);
    expect(
      (await adminData(otherOperator.token, { query_type: 'pickup_board_link', kitchaco: locationId }))
        .statusCode,
    ).toBe(403);
  });
});
