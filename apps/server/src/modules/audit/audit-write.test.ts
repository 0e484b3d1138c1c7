import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { rows } from '../../test/ledger.js';
import { createPendingStockOrder, createSite, type Site } from '../../test/two-locations.js';

/**
 * The write side of the audit log: each staff write records who, from where, what, before and
 * after, in the change's own transaction; the table refuses to be changed. (Which calls record is
 * checked for every call by the authorisation matrix, http/access-matrix.test.ts.)
 */
interface Entry {
  actor_id: number;
  actor_email: string;
  actor_role: string;
  address: string;
  action: string;
  call: string;
  entity: string;
  entity_id: string;
  location_id: number | null;
  summary: string;
  before: unknown;
  after: unknown;
}

describe('audit log entries', () => {
  let t: TestApp;
  let site: Site;
  let admin: { token: string; id: number };
  let stockAdmin: { token: string; id: number };
  beforeAll(async () => {
    t = await createTestApp();
    site = await createSite(t.database.db, '20.00');
    admin = await tokenFor(t.database.db, 'super_admin');
    stockAdmin = await tokenFor(t.database.db, 'stock_admin');
  });
  afterAll(() => t.close());

  const entries = () => rows<Entry>(t.database.db, sql`SELECT * FROM audit_log ORDER BY id`);
  const send = (token: string, url: string, payload: Record<string, unknown>, ip = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Token ${token}`, prefer: 'status-codes' },
      payload,
      remoteAddress: ip,
    });

  it('an order status change records who, from where, which call, and the status before and after', async () => {
    const res = await send(admin.token, '/api/v1/admin-data/', {
      query_type: 'update_order_status',
      order_id: site.order,
      status: 'Cooking',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = (await entries()).filter((e) => e.entity_id === String(site.order));
    expect(entry).toMatchObject({
      actor_id: admin.id,
      actor_role: 'super_admin',
      address: '203.0.113.7',
      action: 'order.status',
      call: 'update_order_status',
      entity: 'order',
      location_id: site.location,
      before: { status: 'Received' },
      after: { status: 'Cooking' },
    });
    expect(entry!.actor_email).toMatch(/@/);
    expect(entry!.summary).toBe(`Order #${site.order}: Received → Cooking`);
  });

  it('a stock decision records the reason; a refused one (already decided) records nothing', async () => {
    const orderId = await createPendingStockOrder(t.database.db, site);
    const disapprove = { query_type: 'admin_disapprove_order', orderId, reason: 'Out of season' };
    expect((await send(stockAdmin.token, '/api/v1/stock-order-list/', disapprove)).statusCode).toBe(200);
    const before = (await entries()).length;
    const again = await send(stockAdmin.token, '/api/v1/stock-order-list/', disapprove);
    expect(again.statusCode).toBe(409);
    const all = await entries();
    expect(all.length, 'a refused write records nothing').toBe(before);
    expect(all.at(-1)).toMatchObject({
      action: 'stock_order.disapprove',
      entity_id: String(orderId),
      location_id: site.location,
      before: { status: 'pending' },
      after: { status: 'disapproved', reason: 'Out of season' },
    });
  });

  it("a menu save records only the meal's fields that changed, before and after", async () => {
    const res = await send(admin.token, '/api/v1/admin-data/', {
      query_type: 'update_menu',
      menu_item: { id: site.editableMeal, meal_name: 'Audited meal', meal_price: 13.5, status: 'Disabled' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const entry = (await entries()).at(-1)!;
    expect(entry).toMatchObject({
      action: 'menu.update',
      entity: 'meal',
      entity_id: String(site.editableMeal),
      location_id: site.location,
      after: { name: 'Audited meal', price: '13.50', status: 'Disabled' },
    });
    expect(Object.keys(entry.before as object).sort()).toEqual(Object.keys(entry.after as object).sort());
    expect(entry.summary).toBe('Meal Audited meal saved');
  });

  it('a change whose entry cannot be written does not happen (one transaction)', async () => {
    const db = t.database.db;
    await db.execute(sql`ALTER TABLE audit_log ADD CONSTRAINT audit_log_test_refuse CHECK (false) NOT VALID`);
    try {
      const res = await send(admin.token, '/api/v1/admin-data/', {
        query_type: 'update_order_status',
        order_id: site.order,
        status: 'Ready for pickup',
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await db.execute(sql`ALTER TABLE audit_log DROP CONSTRAINT audit_log_test_refuse`);
    }
    const [order] = await rows<{ status: string }>(
      db,
      sql`SELECT status FROM orders WHERE id = ${site.order}`,
    );
    expect(order!.status, 'the status change rolled back with its entry').toBe('Cooking');
    const sms = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM outbox WHERE body LIKE ${`%#${site.order} is now Ready for pickup%`}`,
    );
    expect(sms[0]!.n, 'no text was queued for a change that did not happen').toBe(0);
  });

  it('is append-only: no UPDATE, DELETE or TRUNCATE, even by the table owner', async () => {
    const db = t.database.db;
    const before = await entries();
    expect(before.length).toBeGreaterThan(0);
    // The driver's error wraps the database's reason as its cause.
    const refusal = (statement: ReturnType<typeof sql>) =>
      db.execute(statement).then(
        () => 'accepted',
        (e: Error & { cause?: Error }) => (e.cause ?? e).message,
      );
    expect(await refusal(sql`UPDATE audit_log SET summary = 'tampered'`)).toMatch(/append-only: UPDATE/);
    expect(await refusal(sql`DELETE FROM audit_log`)).toMatch(/append-only: DELETE/);
    expect(await refusal(sql`TRUNCATE audit_log`)).toMatch(/append-only: TRUNCATE/);
    expect(await entries()).toEqual(before);
  });
});
