import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { createLocation } from '../../test/factories.js';

/**
 * The audit log's reads (docs/audit.md): rows written straight into audit_log, then read back
 * through admin_audit_log and the CSV as a super admin and as an operator.
 */

let t: TestApp;
let admin: string;
let operator: string;
let reservoir: { id: number; name: string };
let brunswick: { id: number; name: string };

type Row = typeof auditLog.$inferInsert;
const entry = (over: Partial<Row> & Pick<Row, 'at' | 'action' | 'summary'>): Row => ({
  actorId: 1,
  actorEmail: 'admin@example.test',
  actorRole: 'super_admin',
  address: '203.0.113.7',
  call: 'update_order_status',
  entity: 'order',
  entityId: '1',
  locationId: null,
  before: null,
  after: null,
  ...over,
});

async function list(token: string, body: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin-data/',
    headers: { authorization: `Token ${token}` },
    payload: { query_type: 'admin_audit_log', ...body },
  });
  return { status: res.statusCode, body: res.json() };
}

async function csv(token: string, body: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin-data/export/audit/',
    headers: { authorization: `Token ${token}` },
    payload: body,
  });
  return res;
}

const summaries = (body: { entries: { summary: string }[] }) => body.entries.map((e) => e.summary);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  reservoir = await createLocation(db, { name: 'Reservoir' });
  brunswick = await createLocation(db, { name: 'Brunswick' });
  admin = (await tokenFor(db, 'super_admin')).token;
  operator = (await tokenFor(db, 'operator', reservoir.id)).token;
  // Melbourne is UTC+10 in early September: 07 Sep 2026 runs from 06 Sep 14:00Z to 07 Sep 14:00Z.
  await db.insert(auditLog).values([
    entry({
      at: new Date('2026-09-06T13:59:00Z'), // 06 Sep 23:59 in Melbourne
      action: 'order.status',
      summary: 'Order 1: Cooking → Ready for pickup',
      locationId: reservoir.id,
      entityId: '1',
      before: { status: 'Cooking' },
      after: { status: 'Ready for pickup' },
    }),
    entry({
      at: new Date('2026-09-06T14:00:00Z'), // 07 Sep 00:00
      action: 'stock_order.approve',
      call: 'approve_order',
      entity: 'stock_order',
      entityId: '7',
      actorEmail: 'Stock.Boss@Example.test',
      actorRole: 'stock_admin',
      summary: 'Stock order 7 approved',
      locationId: reservoir.id,
      before: { status: 'Pending' },
      after: { status: 'Approved' },
    }),
    entry({
      at: new Date('2026-09-07T08:00:00Z'), // 07 Sep 18:00
      action: 'stock_item.update',
      call: 'POST /api/v1/stock-items/',
      entity: 'stock_item',
      entityId: '3',
      summary: 'Stock item Milk: price 2.00 → 2.50',
      locationId: null,
      before: { name: 'Milk', price: '2.00' },
      after: { name: 'Milk', price: '2.50' },
    }),
    entry({
      at: new Date('2026-09-07T13:59:00Z'), // 07 Sep 23:59
      action: 'order.status',
      summary: '=HYPERLINK("http://evil.test","click")',
      locationId: brunswick.id,
      entityId: '2',
      address: '198.51.100.4',
      before: { status: 'Pending', lines: [{ meal: 'Burger', quantity: 1 }] },
      after: { status: 'Canceled', lines: [{ meal: 'Burger', quantity: 1 }] },
    }),
    entry({
      at: new Date('2026-09-07T14:00:00Z'), // 08 Sep 00:00
      action: 'menu.update',
      call: 'update_meal',
      entity: 'meal',
      entityId: '9',
      actorEmail: 'operator@example.test',
      actorRole: 'operator',
      summary: 'Meal Burger: price 12.00 → 13.00',
      locationId: reservoir.id,
    }),
  ]);
});
afterAll(() => t.close());

describe('the audit log, read by a super admin', () => {
  it('lists every entry newest first with the location name, total and the actions to filter by', async () => {
    const { status, body } = await list(admin);
    expect(status).toBe(200);
    expect(body.total).toBe(5);
    expect(body.page).toBe(1);
    expect(body.page_size).toBe(50);
    expect(summaries(body)).toEqual([
      'Meal Burger: price 12.00 → 13.00',
      '=HYPERLINK("http://evil.test","click")',
      'Stock item Milk: price 2.00 → 2.50',
      'Stock order 7 approved',
      'Order 1: Cooking → Ready for pickup',
    ]);
    expect(body.actions).toEqual(['menu.update', 'order.status', 'stock_item.update', 'stock_order.approve']);
    expect(body.entries[3]).toEqual({
      id: expect.any(Number),
      at: '2026-09-06T14:00:00.000Z',
      actor_email: 'Stock.Boss@Example.test',
      actor_role: 'stock_admin',
      address: '203.0.113.7',
      action: 'stock_order.approve',
      call: 'approve_order',
      entity: 'stock_order',
      entity_id: '7',
      location_id: reservoir.id,
      location_name: 'Reservoir',
      summary: 'Stock order 7 approved',
      before: { status: 'Pending' },
      after: { status: 'Approved' },
    });
    expect(body.entries[2]).toMatchObject({ location_id: null, location_name: null });
  });

  it('filters by who (part of the email, any case), action (exact or its beginning) and location', async () => {
    expect(summaries((await list(admin, { actor: 'stock.boss' })).body)).toEqual(['Stock order 7 approved']);
    expect((await list(admin, { actor: '%' })).body.total).toBe(0);
    expect((await list(admin, { action: 'order.status' })).body.total).toBe(2);
    expect(summaries((await list(admin, { action: 'stock' })).body)).toEqual([
      'Stock item Milk: price 2.00 → 2.50',
      'Stock order 7 approved',
    ]);
    expect((await list(admin, { action: 'stock_order.approve' })).body.total).toBe(1);
    const one = await list(admin, { kitchaco_location: brunswick.id });
    expect(summaries(one.body)).toEqual(['=HYPERLINK("http://evil.test","click")']);
    expect((await list(admin, { kitchaco_location: 0 })).body.total).toBe(5);
    expect((await list(admin, { kitchaco_location: reservoir.id, action: 'order' })).body.total).toBe(1);
  });

  it('reads dates as calendar days of the business time zone, both ends inclusive', async () => {
    const day = await list(admin, { start_date: '07 Sep 2026', end_date: '07 Sep 2026' });
    expect(summaries(day.body)).toEqual([
      '=HYPERLINK("http://evil.test","click")',
      'Stock item Milk: price 2.00 → 2.50',
      'Stock order 7 approved',
    ]);
    expect((await list(admin, { start_date: '08 Sep 2026' })).body.total).toBe(1);
    expect((await list(admin, { end_date: '06 Sep 2026' })).body.total).toBe(1);
    const refused = await list(admin, { start_date: '08 Sep 2026', end_date: '07 Sep 2026' });
    expect(refused.status).toBe(400);
    expect((await list(admin, { start_date: '31 Feb 2026' })).status).toBe(400);
  });

  it('pages through the entries', async () => {
    const first = await list(admin, { page: 1, page_size: 2 });
    expect(first.body).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect(summaries(first.body)).toHaveLength(2);
    const third = await list(admin, { page: 3, page_size: 2 });
    expect(summaries(third.body)).toEqual(['Order 1: Cooking → Ready for pickup']);
    expect((await list(admin, { page: 4, page_size: 2 })).body.entries).toEqual([]);
    expect((await list(admin, { page_size: 201 })).status).toBe(400);
    expect((await list(admin, { page: 0 })).status).toBe(400);
  });
});

describe('the audit log, read by an operator', () => {
  it("gets only their own location's entries, even when asking for another, and none of no location", async () => {
    const own = await list(operator);
    expect(own.status).toBe(200);
    expect(summaries(own.body)).toEqual([
      'Meal Burger: price 12.00 → 13.00',
      'Stock order 7 approved',
      'Order 1: Cooking → Ready for pickup',
    ]);
    expect(own.body.entries.every((e: { location_id: number }) => e.location_id === reservoir.id)).toBe(true);
    expect(own.body.actions).toEqual(['menu.update', 'order.status', 'stock_order.approve']);
    const other = await list(operator, { kitchaco_location: brunswick.id });
    expect(other.body).toEqual(own.body);
    expect((await list(operator, { kitchaco_location: 0 })).body).toEqual(own.body);
    expect(summaries((await list(operator, { action: 'order.status' })).body)).toEqual([
      'Order 1: Cooking → Ready for pickup',
    ]);
  });

  it("downloads only their own location's entries", async () => {
    const res = await csv(operator, { kitchaco_location: brunswick.id });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(res.body).not.toContain('Brunswick');
    expect(res.body).not.toContain('Milk');
  });

  it('is refused without a location', async () => {
    const unbound = (await tokenFor(t.database.db, 'operator')).token;
    expect((await list(unbound)).status).toBe(403);
  });
});

describe('who may read it', () => {
  it('refuses stock users, stock admins, customers and the signed out', async () => {
    const db = t.database.db;
    for (const role of ['stock_user', 'stock_admin'] as const) {
      const { token } = await tokenFor(db, role, reservoir.id);
      expect((await list(token)).status, role).toBe(403);
      expect((await csv(token)).statusCode, role).toBe(403);
    }
    const customer = (await tokenFor(db, 'customer')).token;
    expect((await list(customer)).status).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin-data/export/audit/',
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the CSV', () => {
  it('holds every matching entry with its columns, times in the business time zone, formulas neutralised', async () => {
    const res = await csv(admin, { start_date: '07 Sep 2026', end_date: '07 Sep 2026' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('audit-log-2026-09-07-2026-09-07.csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Time,Who,Role,Address,Action,What,Entity,Entity id,Location,Before,After');
    expect(lines).toHaveLength(4);
    // jsonb keeps an object's keys in its own order (shorter first), and so does the CSV.
    expect(lines[1]).toBe(
      `07 Sep 2026 23:59,admin@example.test,super_admin,198.51.100.4,order.status,"'=HYPERLINK(""http://evil.test"",""click"")",order,2,Brunswick,"{""lines"":[{""meal"":""Burger"",""quantity"":1}],""status"":""Pending""}","{""lines"":[{""meal"":""Burger"",""quantity"":1}],""status"":""Canceled""}"`,
    );
    expect(lines[2]).toBe(
      `07 Sep 2026 18:00,admin@example.test,super_admin,203.0.113.7,stock_item.update,Stock item Milk: price 2.00 → 2.50,stock_item,3,,"{""name"":""Milk"",""price"":""2.00""}","{""name"":""Milk"",""price"":""2.50""}"`,
    );
    expect(lines[3]).toMatch(/^07 Sep 2026 00:00,Stock\.Boss@Example\.test,stock_admin,/);
  });

  it('takes the same filters', async () => {
    const res = await csv(admin, { action: 'order.status', actor: 'ADMIN@' });
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(res.headers['content-disposition']).toContain('audit-log.csv');
  });
});
