import { STOCK_MESSAGES } from '@kitchaco/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox, staffUsers, stockOrders } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { createLocation, createStockItem, createStockUnit } from '../../test/factories.js';

let t: TestApp;
let here: { id: number };
let elsewhere: { id: number };
let user: string;
let operator: string;
let otherUser: string;
let admin: string;
let superAdmin: string;
let flour: { id: number };
let oil: { id: number };
let boxes: { id: number };
let chicken: { id: number };
let farItem: { id: number };
let disabledItem: { id: number };

const ORDERS = '/api/v1/stock-order-list/';
/** Wednesday 18 Nov 2026, 1 pm in Melbourne: not a delivery day (Monday, Thursday). */
const WEDNESDAY = '2026-11-18T02:00:00Z';
/** Thursday 19 Nov 2026, 9 am in Melbourne: a delivery day. */
const THURSDAY = '2026-11-18T22:00:00Z';

function call(token: string, body: Record<string, unknown>, url = ORDERS) {
  return t.app.inject({ method: 'POST', url, headers: { authorization: `Token ${token}` }, payload: body });
}

async function place(token: string, stockData: unknown[], extra: Record<string, unknown> = {}) {
  return call(token, { query_type: 'place_order', orderData: { kitchaco: here.id, stockData, ...extra } });
}

/** A pending order well above the minimum (300.00): 20 flour + 3 oil. */
async function placeBig(token = user) {
  const res = await place(token, [
    { id: flour.id, qty: 20 },
    { id: oil.id, qty: 3 },
  ]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; total: number };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  here = await createLocation(db, { email: 'reservoir@example.test' });
  elsewhere = await createLocation(db);
  const kg = await createStockUnit(db, false);
  flour = await createStockItem(db, here.id, { name: 'Flour', price: '12.34', hasGst: true, unitId: kg.id });
  oil = await createStockItem(db, here.id, { name: 'Oil', price: '19.99', hasGst: false });
  boxes = await createStockItem(db, here.id, { name: 'Boxes', price: '0.35', hasGst: true });
  chicken = await createStockItem(db, here.id, {
    name: 'Chicken',
    price: '8.50',
    hasExpiry: true,
    unitId: kg.id,
  });
  disabledItem = await createStockItem(db, here.id, { name: 'Retired', status: 'disabled' });
  farItem = await createStockItem(db, elsewhere.id, { name: 'Flour' });
  user = (await tokenFor(db, 'stock_user', here.id)).token;
  operator = (await tokenFor(db, 'operator', here.id)).token;
  otherUser = (await tokenFor(db, 'stock_user', elsewhere.id)).token;
  admin = (await tokenFor(db, 'stock_admin')).token;
  superAdmin = (await tokenFor(db, 'super_admin')).token;
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(WEDNESDAY));

describe('stock list', () => {
  it('lists the enabled items of the own location with unit, price, GST flag and recommendation', async () => {
    const res = await call(user, { kitchaco: here.id }, '/api/v1/stock-list/');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.map((i: { name: string }) => i.name)).toEqual(['Boxes', 'Chicken', 'Flour', 'Oil']);
    expect(body.data.find((i: { name: string }) => i.name === 'Flour')).toMatchObject({
      price: 12.34,
      has_gst: true,
      whole_units: false,
      recommended_order: 0,
    });
    expect(body.reminder_data).toEqual([]);
  });

  it("refuses another location's list", async () => {
    const res = await call(otherUser, { kitchaco: here.id }, '/api/v1/stock-list/');
    expect(res.statusCode).toBe(403);
  });
});

describe('place_order', () => {
  it('prices lines on the server: sub total 2 dp, GST 3 dp only with GST, order 2 dp', async () => {
    // Flour 20 x 12.34 = 246.80, GST 24.68; Oil 3 x 19.99 = 59.97, no GST.
    const res = await place(user, [
      { id: flour.id, qty: 20, price: 1, sub_total: 1 },
      { id: oil.id, qty: 3 },
      { id: boxes.id, qty: 0 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { data, message } = res.json();
    expect(message).toBe(
      'Order placed successfully! Your delivery will be done on next Monday, Thursday. We will send you an email once it is approved.',
    );
    expect(data).toMatchObject({
      sub_total: 306.77,
      gst: 24.68,
      total: 331.45,
      delivery_charge: 0,
      status: 'pending',
    });
    expect(data.orderData).toHaveLength(2);
    expect(data.orderData[0]).toMatchObject({
      name: 'Flour',
      qty: 20,
      sub_total: 246.8,
      gst: 24.68,
      total: 271.48,
    });
    expect(data.order_date).toBe('18 Nov 2026');
    expect(data.order_time).toBe('01:00 PM');
  });

  it('below the minimum answers error_code 1 and writes nothing; with the fee accepted it is placed', async () => {
    const before = (await t.database.db.select().from(stockOrders)).length;
    const lines = [{ id: boxes.id, qty: 10 }]; // 3.50 + GST 0.35 = 3.85
    const refused = await place(user, lines);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ success: false, error_code: 1 });
    expect(refused.json().error).toContain('$300.00');
    const wrongFee = await place(user, lines, { delivery_charge: 5 });
    expect(wrongFee.json().error_code).toBe(1);
    expect((await t.database.db.select().from(stockOrders)).length).toBe(before);

    const placed = await place(user, lines, { delivery_charge: 25 });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data).toMatchObject({
      sub_total: 3.5,
      gst: 0.35,
      delivery_charge: 25,
      total: 28.85,
    });
  });

  it('refuses an empty order, foreign, disabled and duplicate items, fractions of whole units', async () => {
    const cases: [unknown[], string][] = [
      [[], STOCK_MESSAGES.selectAtLeastOneToOrder],
      [[{ id: boxes.id, qty: 0 }], STOCK_MESSAGES.selectAtLeastOneToOrder],
      [[{ id: farItem.id, qty: 1 }], "is not on this location's stock list"],
      [[{ id: 999_999, qty: 1 }], "is not on this location's stock list"],
      [[{ id: disabledItem.id, qty: 1 }], 'no longer available'],
      [
        [
          { id: oil.id, qty: 1 },
          { id: oil.id, qty: 2 },
        ],
        'more than once',
      ],
      [[{ id: oil.id, qty: 1.5 }], 'whole units'],
      [[{ id: oil.id, qty: -1 }], 'cannot be negative'],
    ];
    const before = (await t.database.db.select().from(stockOrders)).length;
    for (const [lines, message] of cases) {
      const res = await place(user, lines, { delivery_charge: 25 });
      expect(res.statusCode, JSON.stringify(lines)).toBe(400);
      expect(res.json().error).toContain(message);
    }
    expect((await t.database.db.select().from(stockOrders)).length).toBe(before);
    // Weighed items take decimals.
    const weighed = await place(user, [{ id: flour.id, qty: 25.5 }]);
    expect(weighed.statusCode, weighed.body).toBe(200);
  });

  it('refuses client totals that disagree with the server, and stores nothing', async () => {
    const before = (await t.database.db.select().from(stockOrders)).length;
    const res = await place(user, [{ id: flour.id, qty: 30 }], { sub_total: 370.2, gst: 37.02, total: 400 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(STOCK_MESSAGES.pricesChanged);
    expect((await t.database.db.select().from(stockOrders)).length).toBe(before);
    const agreeing = await place(user, [{ id: flour.id, qty: 30 }], {
      sub_total: 370.2,
      gst: 37.02,
      total: 407.22,
    });
    expect(agreeing.statusCode, agreeing.body).toBe(200);
  });

  it("lets the operator order for their location and nobody for another's", async () => {
    expect((await place(operator, [{ id: flour.id, qty: 30 }])).statusCode).toBe(200);
    expect((await place(otherUser, [{ id: flour.id, qty: 30 }])).statusCode).toBe(403);
  });

  it('tells every active stock admin by email, naming the order', async () => {
    const order = await placeBig();
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.channel, 'email'));
    const about = mails.filter((m) => m.subject?.startsWith(`New stock order #${order.id} from `));
    const admins = await t.database.db
      .select({ email: staffUsers.email })
      .from(staffUsers)
      .where(and(eq(staffUsers.isStockAdmin, true), eq(staffUsers.isActive, true)));
    expect(admins.length).toBeGreaterThan(0);
    expect(about.map((m) => m.recipient).sort()).toEqual(admins.map((a) => a.email).sort());
    for (const mail of about) {
      expect(mail.body).toContain(`Stock order #${order.id}\n`);
      expect(mail.body).toContain('Flour');
    }
  });

  it('answers a placed order exactly as it reads back afterwards', async () => {
    const placed = await place(user, [
      { id: flour.id, qty: 30 },
      { id: oil.id, qty: 2 },
    ]);
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().data;
    const read = await call(user, { query_type: 'get_user_specific_order', orderId: order.id });
    expect(read.json().data).toEqual([order]);
  });
});

describe('history and editing', () => {
  it('lists the own orders newest first, with whether each can be edited', async () => {
    const order = await placeBig();
    const res = await call(user, { query_type: 'get_all', kitchaco: here.id });
    expect(res.statusCode).toBe(200);
    const first = res.json().data[0];
    expect(first).toMatchObject({ id: order.id, can_edit: true, edit_blocked_reason: null });
    t.clock.set(THURSDAY);
    const thursday = (await call(user, { query_type: 'get_all', kitchaco: here.id })).json().data[0];
    expect(thursday).toMatchObject({
      can_edit: false,
      edit_blocked_reason: STOCK_MESSAGES.notEditableDeliveryDay,
    });
    expect((await call(otherUser, { query_type: 'get_all', kitchaco: here.id })).statusCode).toBe(403);
  });

  it('edits a pending order on a non-delivery day and refuses on a delivery day', async () => {
    const order = await placeBig();
    const edit = (token: string) =>
      call(token, {
        query_type: 'user_edit_order',
        orderData: {
          kitchaco: here.id,
          orderId: order.id,
          stockData: [{ stock_list_id: flour.id, qty: 30 }],
        },
      });
    t.clock.set(THURSDAY);
    const refused = await edit(user);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(STOCK_MESSAGES.notEditableDeliveryDay);

    t.clock.set(WEDNESDAY);
    const res = await edit(user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Updated Succesfully',
      data: { sub_total: 370.2, gst: 37.02 },
    });
    expect(res.json().data.orderData).toHaveLength(1);

    const specific = await call(user, { query_type: 'get_user_specific_order', orderId: order.id });
    expect(specific.json().data).toHaveLength(1);
    expect(specific.json().data[0].orderData[0].qty).toBe(30);
    expect(
      (await call(otherUser, { query_type: 'get_user_specific_order', orderId: order.id })).statusCode,
    ).toBe(404);
    expect((await edit(otherUser)).statusCode).toBe(404);
  });

  it('refuses an edit to nothing with the spec message', async () => {
    const order = await placeBig();
    const res = await call(user, {
      query_type: 'user_edit_order',
      orderData: { kitchaco: here.id, orderId: order.id, stockData: [{ stock_list_id: flour.id, qty: 0 }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Please select altleast 1 item');
  });
});

describe('stock admin review', () => {
  it('lists pending orders of every location and one order for review', async () => {
    const order = await placeBig();
    const pending = await call(admin, { query_type: 'get_admin_pending' });
    expect(pending.statusCode).toBe(200);
    expect(pending.json().data.some((o: { id: number }) => o.id === order.id)).toBe(true);
    const one = await call(superAdmin, { query_type: 'get_admin_specific_pending', orderId: order.id });
    expect(one.json().data[0]).toMatchObject({
      id: order.id,
      min_stock_delivery_charge: 25,
      min_stock_order: 300,
    });
    expect(
      (await call(admin, { query_type: 'get_admin_specific_pending', orderId: 999_999 })).statusCode,
    ).toBe(404);
  });

  it('approves with changed quantities, an expiry and the fee removed; adjusted lines, reminders, email', async () => {
    const small = await place(
      user,
      [
        { id: chicken.id, qty: 4 },
        { id: boxes.id, qty: 100 },
      ],
      { delivery_charge: 25 },
    );
    const order = small.json().data;
    expect(order.delivery_charge).toBe(25);
    const res = await call(admin, {
      query_type: 'admin_approve_order',
      orderData: {
        orderId: order.id,
        admin_adjustment: -25,
        stockData: [
          { stock_list_id: chicken.id, qty: 5, expiry_adjustment: 7 },
          { stock_list_id: boxes.id, qty: 100 },
          { stock_list_id: oil.id, qty: 1 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const approved = res.json().data;
    // Chicken 5 x 8.50 = 42.50 + GST 4.25; boxes 35.00 + 3.50; oil 19.99; fee 25 - 25.
    expect(approved).toMatchObject({
      status: 'approved',
      approved: true,
      sub_total: 97.49,
      gst: 7.75,
      delivery_charge: 25,
      admin_adjustment: -25,
      total: 105.24,
      approved_date: '18 Nov 2026',
    });
    expect(approved.adjustedData.map((l: { name: string; qty: number }) => [l.name, l.qty])).toEqual([
      ['Chicken', 5],
      ['Oil', 1],
    ]);
    expect(approved.orderData.map((l: { name: string; qty: number }) => [l.name, l.qty])).toEqual([
      ['Chicken', 4],
      ['Boxes', 100],
    ]);
    const list = (await call(user, { kitchaco: here.id }, '/api/v1/stock-list/')).json();
    expect(list.reminder_data).toEqual([{ name: 'Chicken', expiring_on: '25 Nov 2026' }]);
    const mails = await t.database.db.select().from(outbox);
    const mail = mails.find((m) => m.subject === `Stock order #${order.id} approved`);
    expect(mail?.recipient).toBe('reservoir@example.test');
    expect(mail?.body).toContain('Total: $105.24');
  });

  it('refuses a second decision, an empty approval and an unknown fee change', async () => {
    const order = await placeBig();
    const approve = (orderData: Record<string, unknown>) =>
      call(admin, { query_type: 'admin_approve_order', orderData: { orderId: order.id, ...orderData } });
    const empty = await approve({ stockData: [{ stock_list_id: flour.id, qty: 0 }] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Please select altleast 1 item');
    const badFee = await approve({
      admin_adjustment: -10,
      stockData: [{ stock_list_id: flour.id, qty: 20 }],
    });
    expect(badFee.statusCode).toBe(400);
    expect(badFee.json().field).toBe('admin_adjustment');
    const addFee = await approve({ admin_adjustment: 25, stockData: [{ stock_list_id: flour.id, qty: 20 }] });
    expect(addFee.statusCode, addFee.body).toBe(200);
    expect(addFee.json().data).toMatchObject({ admin_adjustment: 25, total: 296.48 });
    const again = await call(admin, {
      query_type: 'admin_disapprove_order',
      orderId: order.id,
      reason: 'late',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(STOCK_MESSAGES.alreadyDecided);
    const edit = await call(user, {
      query_type: 'user_edit_order',
      orderData: { kitchaco: here.id, orderId: order.id, stockData: [{ stock_list_id: flour.id, qty: 30 }] },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toBe(STOCK_MESSAGES.notEditableApproved);
  });

  it('disapproves with a reason and emails the location', async () => {
    const order = await placeBig();
    const res = await call(superAdmin, {
      query_type: 'admin_disapprove_order',
      orderId: order.id,
      reason: 'Duplicate',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Disapproved Succesfully',
      data: { status: 'disapproved', disapproved: true, disapproved_reason: 'Duplicate' },
    });
    const mails = await t.database.db.select().from(outbox);
    expect(mails.find((m) => m.subject === `Stock order #${order.id} disapproved`)?.body).toContain(
      'Duplicate',
    );
  });

  it('50 decisions on one order at once: exactly one transition, every other one a clear 409', async () => {
    const order = await placeBig();
    const decisions = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? call(i % 4 === 0 ? admin : superAdmin, {
            query_type: 'admin_approve_order',
            orderData: { orderId: order.id, stockData: [{ stock_list_id: flour.id, qty: 20 + i }] },
          })
        : call(admin, { query_type: 'admin_disapprove_order', orderId: order.id, reason: `attempt ${i}` }),
    );
    const results = await Promise.all(decisions);
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const [row] = await t.database.db.select().from(stockOrders).where(eq(stockOrders.id, order.id));
    const winner = results.find((r) => r.statusCode === 200)!.json().data;
    expect(row!.status).toBe(winner.status);
    // One decision's side effects only: its email to each of the location's recipients, once.
    const mails = (await t.database.db.select().from(outbox)).filter((m) =>
      m.subject?.startsWith(`Stock order #${order.id} `),
    );
    expect(new Set(mails.map((m) => m.subject))).toEqual(
      new Set([`Stock order #${order.id} ${winner.status}`]),
    );
    expect(new Set(mails.map((m) => m.recipient)).size).toBe(mails.length);
  });

  it('an approval racing an edit that adds the below-minimum fee never approves the fee twice', async () => {
    t.clock.set(WEDNESDAY);
    for (let round = 0; round < 12; round++) {
      const order = await placeBig();
      // The admin saw no fee and adds it; meanwhile the location cuts the order below the minimum,
      // which itself adds the fee.
      const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const [approval, edit] = await Promise.all([
        later(round * 4).then(() =>
          call(admin, {
            query_type: 'admin_approve_order',
            orderData: {
              orderId: order.id,
              admin_adjustment: 25,
              stockData: [{ stock_list_id: boxes.id, qty: 10 }],
            },
          }),
        ),
        call(user, {
          query_type: 'user_edit_order',
          orderData: {
            kitchaco: here.id,
            orderId: order.id,
            delivery_charge: 25,
            stockData: [{ stock_list_id: boxes.id, qty: 10 }],
          },
        }),
      ]);
      const [row] = await t.database.db.select().from(stockOrders).where(eq(stockOrders.id, order.id));
      if (approval.statusCode === 200) {
        // Approved before the edit: the edit is refused, and the fee is the admin's only.
        expect(edit.statusCode).toBe(409);
        expect(row).toMatchObject({ status: 'approved', deliveryCharge: '0.00', adminAdjustment: '25.00' });
      } else {
        // Edited first: the fee is the order's now, and adding it again is refused, naming the field.
        expect(edit.statusCode, edit.body).toBe(200);
        expect(approval.statusCode, approval.body).toBe(400);
        expect(approval.json().field).toBe('admin_adjustment');
        expect(row).toMatchObject({ status: 'pending', deliveryCharge: '25.00', adminAdjustment: '0.00' });
      }
      const cents = (v: string) => Math.round(Number(v) * 100);
      expect(cents(row!.total)).toBe(
        cents(row!.subTotal) + cents(row!.gst) + cents(row!.deliveryCharge) + cents(row!.adminAdjustment),
      );
    }
  });

  it('past orders: decided in the range, with totals over the approved ones', async () => {
    const res = await call(admin, {
      query_type: 'get_admin_approved_disapproved',
      kitchaco_location: 0,
      start_date: '18 Nov 2026',
      end_date: '18 Nov 2026',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.length).toBeGreaterThan(0);
    const approved = body.data.filter((o: { status: string }) => o.status === 'approved');
    const sum = approved.reduce((s: number, o: { total: number }) => s + Math.round(o.total * 100), 0) / 100;
    expect(body.total).toBe(sum);
    const none = await call(admin, {
      query_type: 'get_admin_approved_disapproved',
      kitchaco_location: elsewhere.id,
      start_date: '01 Nov 2026',
      end_date: '30 Nov 2026',
    });
    expect(none.json()).toMatchObject({ data: [], total: 0 });
    const backwards = await call(admin, {
      query_type: 'get_admin_approved_disapproved',
      kitchaco_location: 0,
      start_date: '18 Nov 2026',
      end_date: '17 Nov 2026',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().field).toBe('end_date');
  });
});

describe('stock list administration', () => {
  it('lists every item of a location with the units', async () => {
    const res = await call(admin, { query_type: 'get_admin_stock_list', kitchaco_location: here.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((i: { name: string }) => i.name)).toContain('Retired');
    expect(res.json().qty_types.length).toBeGreaterThan(0);
  });

  it('updates one item, or the same item at every location, and answers name-to-location entries', async () => {
    const items = (await call(admin, { query_type: 'get_admin_stock_list', kitchaco_location: 0 })).json()
      .data;
    const mine = items.find((i: { id: number }) => i.id === farItem.id);
    const res = await call(admin, {
      query_type: 'update_admin_stock_list',
      stockData: [
        {
          id: farItem.id,
          qty_type_id: mine.qty_type__id,
          name: 'Flour',
          price: 13.5,
          has_expiry: false,
          has_gst: true,
          status: 'enabled',
          change_all_locations: true,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toHaveLength(2);
    const after = (await call(admin, { query_type: 'get_admin_stock_list', kitchaco_location: 0 })).json()
      .data;
    expect(
      after.filter((i: { name: string }) => i.name === 'Flour').map((i: { price: number }) => i.price),
    ).toEqual([13.5, 13.5]);
    const clash = await call(admin, {
      query_type: 'update_admin_stock_list',
      stockData: [
        {
          id: oil.id,
          qty_type_id: mine.qty_type__id,
          name: 'Boxes',
          price: 1,
          has_expiry: false,
          has_gst: true,
          status: 'enabled',
        },
      ],
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().field).toBe('name');
  });
});
