import { SALES_CHANNELS } from '@kitchaco/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database, Db } from '../db/client.js';
import { customers, locations, mealCategories, staffUsers } from '../db/schema/index.js';
import { verifyPassword } from '../modules/auth/secrets.js';
import { createTestDatabase } from '../test/db.js';
import { MENULOG_LAST_DAY } from './orders.js';
import { DEMO_PASSWORD, type DemoSummary, isDatabaseEmpty, seedDemoData } from './seed.js';

const OPTIONS = { scale: 0.1, now: new Date('2026-11-20T03:00:00Z') };

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function count(db: Db, query: SQL): Promise<number> {
  const [row] = await rows<{ n: number | string }>(db, query);
  return Number(row?.n ?? 0);
}

let database: Database;
let db: Db;
let summary: DemoSummary;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  expect(await isDatabaseEmpty(db)).toBe(true);
  summary = await seedDemoData(db, OPTIONS);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('demo data', () => {
  it('is no longer empty and reports what it made', async () => {
    expect(await isDatabaseEmpty(db)).toBe(false);
    expect(summary.locations).toBe(6);
    expect(summary.vendors).toBe(24);
    expect(summary.meals).toBeGreaterThan(140);
    expect(summary.orders).toBe(await count(db, sql`SELECT count(*)::int AS n FROM orders`));
    expect(summary.stockOrders).toBe(await count(db, sql`SELECT count(*)::int AS n FROM stock_orders`));
    expect(summary.accounts.slice(0, 4).map((a) => a.email)).toEqual([
      'admin@demo.test',
      'operator@demo.test',
      'stock@demo.test',
      'stockadmin@demo.test',
    ]);
  });

  it('maps every brand of every location as a store on each marketplace', async () => {
    const stores = await rows<{ channel: string; store_id: string; location_id: number; vendor_id: number }>(
      db,
      sql`SELECT channel::text AS channel, store_id, location_id, vendor_id FROM marketplace_stores ORDER BY id`,
    );
    expect(stores).toHaveLength(summary.vendors * 4);
    expect(stores[0]).toEqual({ channel: 'uber_eats', store_id: 'ue-1-1', location_id: 1, vendor_id: 1 });
    const strays = await count(
      db,
      sql`SELECT count(*)::int AS n FROM marketplace_stores s JOIN vendors v ON v.id = s.vendor_id
          WHERE v.location_id <> s.location_id`,
    );
    expect(strays).toBe(0);
  });

  it('has location 1 at 31, Malua Street, Reservoir and the default meal category 51', async () => {
    const [first] = await db.select().from(locations).where(eq(locations.id, 1));
    expect(first?.address).toBe('31, Malua Street, Reservoir');
    expect(first?.timeZone).toBe('Australia/Melbourne');
    expect(first?.deliveryDays).toEqual(['Monday', 'Thursday']);
    const [category] = await db.select().from(mealCategories).where(eq(mealCategories.id, 51));
    expect(category?.title).toBe('Mains');
  });

  it('creates the demo staff accounts with their roles and the demo password', async () => {
    const staff = await db.select().from(staffUsers);
    const byEmail = new Map(staff.map((s) => [s.email, s]));
    const admin = byEmail.get('admin@demo.test');
    expect(admin).toMatchObject({
      isSuperAdmin: true,
      isStockAdmin: false,
      isOperator: false,
      isStockUser: false,
    });
    expect(byEmail.get('operator@demo.test')).toMatchObject({
      isOperator: true,
      locationId: 1,
      externalOperatorId: 1,
      isSuperAdmin: false,
    });
    expect(byEmail.get('stock@demo.test')).toMatchObject({
      isStockUser: true,
      locationId: 1,
      isSuperAdmin: false,
    });
    expect(byEmail.get('stockadmin@demo.test')).toMatchObject({ isStockAdmin: true, isSuperAdmin: false });
    expect(byEmail.get('kitchen@demo.test')).toMatchObject({
      isKitchen: true,
      locationId: 1,
      isOperator: false,
      isSuperAdmin: false,
    });
    expect(summary.accounts[4]).toEqual({ email: 'kitchen@demo.test', role: 'kitchen' });
    expect(byEmail.get('operator2@demo.test')).toMatchObject({ isOperator: true, locationId: 2 });
    expect(byEmail.get('stock6@demo.test')).toMatchObject({
      isStockUser: true,
      locationId: 6,
      externalOperatorId: null,
    });
    expect(staff.every((s) => s.email === s.email.toLowerCase())).toBe(true);
    expect(await verifyPassword(admin!.passwordHash, DEMO_PASSWORD)).toBe(true);
  });

  it('gives the demo customer a profile and past orders in several statuses', async () => {
    const [demo] = await db.select().from(customers).where(eq(customers.phone, '+61400000000'));
    expect(demo).toMatchObject({ username: 'Demo Customer', email: 'customer@demo.test', locationId: 1 });
    expect(demo?.address).toBeTruthy();
    const own = await rows<{ status: string; channel: string }>(
      db,
      sql`SELECT status, channel FROM orders WHERE customer_id = ${demo!.id}`,
    );
    expect(own.length).toBeGreaterThanOrEqual(5);
    expect(new Set(own.map((o) => o.status)).size).toBeGreaterThanOrEqual(2);
    expect(own.every((o) => o.channel === 'online_pickup' || o.channel === 'online_delivery')).toBe(true);
  });

  it("gives today's open orders their kitchen tickets, one per brand, and no other order any", async () => {
    const open = await rows<{ key: string }>(
      db,
      sql`SELECT DISTINCT o.id || ':' || l.vendor_id AS key FROM orders o JOIN order_lines l ON l.order_id = o.id
          WHERE o.status IN ('Received', 'Cooking') AND l.vendor_id IS NOT NULL
            AND o.placed_at >= '2026-11-19T13:00:00Z'`,
    );
    const tickets = await rows<{ key: string; status: string; order_status: string }>(
      db,
      sql`SELECT t.order_id || ':' || t.vendor_id AS key, t.status, o.status::text AS order_status
          FROM kitchen_tickets t JOIN orders o ON o.id = t.order_id`,
    );
    expect(open.length).toBeGreaterThan(0);
    expect(tickets.map((t) => t.key).sort()).toEqual(open.map((o) => o.key).sort());
    for (const t of tickets) expect(t.status).toBe(t.order_status === 'Cooking' ? 'started' : 'queued');
  });

  it('keeps every order total consistent: total = sub total + delivery - discount, GST = total / 11', async () => {
    expect(
      await count(
        db,
        sql`SELECT count(*)::int AS n FROM orders WHERE total <> sub_total + delivery_charge - discount`,
      ),
    ).toBe(0);
    expect(
      await count(db, sql`SELECT count(*)::int AS n FROM orders WHERE gst <> round(total / 11, 2)`),
    ).toBe(0);
    expect(await count(db, sql`SELECT count(*)::int AS n FROM orders WHERE total <= 0`)).toBe(0);
  });

  it('has a few partial card refunds of our own finished orders, each with its payment and refund', async () => {
    const refunded = await rows<{
      channel: string;
      status: string;
      amount: string;
      total: string;
      refund_cents: number;
      payment_cents: number;
      refunded_cents: number;
      vendor_ok: boolean;
      after: boolean;
    }>(
      db,
      sql`SELECT a.channel::text AS channel, o.status::text AS status, a.amount::text AS amount,
            o.total::text AS total, r.amount_cents AS refund_cents, p.total_cents AS payment_cents,
            p.refunded_cents, (a.vendor_id IS NOT DISTINCT FROM r.vendor_id) AS vendor_ok,
            a.occurred_at > o.placed_at AND a.occurred_at = r.created_at AS after
          FROM order_adjustments a JOIN orders o ON o.id = a.order_id
          JOIN refunds r ON r.id = a.refund_id JOIN payments p ON p.id = r.payment_id
          WHERE a.refund_id IS NOT NULL`,
    );
    expect(refunded.length).toBeGreaterThan(5);
    for (const r of refunded) {
      expect(['in_store_card', 'online_pickup', 'online_delivery']).toContain(r.channel);
      expect(r.status).toBe('Finished');
      expect(Math.round(-Number(r.amount) * 100)).toBe(r.refund_cents);
      expect(r.refunded_cents).toBe(r.refund_cents);
      expect(r.payment_cents).toBe(Math.round(Number(r.total) * 100));
      expect(r.refund_cents).toBeLessThan(r.payment_cents);
      expect(r.vendor_ok && r.after).toBe(true);
    }
    // Some against one brand's item, some against none (a delivery charge, goodwill).
    const [brands] = await rows<{ with_brand: number; without: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE vendor_id IS NOT NULL)::int AS with_brand,
            count(*) FILTER (WHERE vendor_id IS NULL)::int AS without
          FROM order_adjustments WHERE refund_id IS NOT NULL`,
    );
    expect(brands!.with_brand).toBeGreaterThan(0);
    expect(brands!.without).toBeGreaterThan(0);
  });

  it('makes every order sub total the sum of its lines, and every line (price + combos) x quantity', async () => {
    expect(
      await count(
        db,
        sql`SELECT count(*)::int AS n FROM orders o
            WHERE o.sub_total <> (SELECT COALESCE(sum(l.line_total), 0) FROM order_lines l WHERE l.order_id = o.id)`,
      ),
    ).toBe(0);
    expect(
      await count(
        db,
        sql`SELECT count(*)::int AS n FROM order_lines l
            WHERE l.line_total <> (l.unit_price + COALESCE((
              SELECT sum((c->>'price')::numeric * (c->>'quantity')::int) FROM jsonb_array_elements(l.combos) c
            ), 0)) * l.quantity`,
      ),
    ).toBe(0);
    expect(
      await count(
        db,
        sql`SELECT count(*)::int AS n FROM order_lines l JOIN meals m ON m.id = l.meal_id
            WHERE l.unit_price <> m.price OR l.meal_name <> m.name OR l.vendor_id <> m.vendor_id`,
      ),
    ).toBe(0);
  });

  it('covers every channel still trading (Menulog left before this history), with channel-specific details', async () => {
    const channels = await rows<{ channel: string }>(db, sql`SELECT DISTINCT channel FROM orders`);
    expect(channels.map((c) => c.channel).sort()).toEqual(
      SALES_CHANNELS.filter((c) => c !== 'menulog').sort(),
    );
    expect(
      await count(
        db,
        sql`SELECT count(*)::int AS n FROM orders
            WHERE channel IN ('uber_eats', 'deliveroo', 'doordash', 'menulog')
              AND (external_id IS NULL OR customer_id IS NOT NULL OR customer_name IS NULL OR platform_fee <= 0)`,
      ),
    ).toBe(0);
    expect(
      await count(
        db,
        sql`SELECT count(*)::int AS n FROM orders
            WHERE channel IN ('online_pickup', 'online_delivery')
              AND (customer_id IS NULL OR payment_receipt_number IS NULL OR transaction_charge <= 0)`,
      ),
    ).toBe(0);
    expect(
      await count(
        db,
        sql`SELECT count(*)::int AS n FROM orders
            WHERE channel = 'online_delivery' AND (delivery_location IS NULL OR delivery_charge <= 0)`,
      ),
    ).toBe(0);
  });

  it('has some marketplace lines whose meal matches none of ours', async () => {
    const unmatched = await rows<{ channel: string; meal_name: string }>(
      db,
      sql`SELECT o.channel, l.meal_name FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE l.meal_id IS NULL`,
    );
    expect(unmatched.length).toBeGreaterThan(0);
    expect(
      unmatched.every((u) => ['uber_eats', 'deliveroo', 'doordash', 'menulog'].includes(u.channel)),
    ).toBe(true);
    const names = new Set(
      (await rows<{ name: string }>(db, sql`SELECT DISTINCT name FROM meals`)).map((m) => m.name),
    );
    expect(unmatched.some((u) => names.has(u.meal_name))).toBe(false);
  });

  it('spreads orders over the history up to now, with recent orders still in progress', async () => {
    const [range] = await rows<{ first: string; last: string }>(
      db,
      sql`SELECT min(placed_at)::text AS first, max(placed_at)::text AS last FROM orders`,
    );
    expect(new Date(range!.last).getTime()).toBeLessThanOrEqual(OPTIONS.now.getTime());
    const days = (OPTIONS.now.getTime() - new Date(range!.first).getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(135);
    expect(
      await count(
        db,
        sql`SELECT count(*)::int AS n FROM orders WHERE status NOT IN ('Finished', 'Canceled')
            AND placed_at < ${OPTIONS.now.toISOString()}::timestamptz - interval '1 hour'`,
      ),
    ).toBe(0);
    expect(
      await count(db, sql`SELECT count(*)::int AS n FROM orders WHERE status = 'Canceled'`),
    ).toBeGreaterThan(0);
  });

  it('keeps every stock order total = sub total + GST + delivery charge + admin adjustment', async () => {
    expect(
      await count(
        db,
        sql`SELECT count(*)::int AS n FROM stock_orders
            WHERE total <> sub_total + gst + delivery_charge + admin_adjustment`,
      ),
    ).toBe(0);
    // Line amounts: sub total = price x qty (2 decimals), GST only on taxable items.
    expect(
      await count(
        db,
        sql`SELECT count(*)::int AS n FROM stock_order_lines l JOIN stock_list_items i ON i.id = l.stock_list_item_id
            WHERE l.sub_total <> round(l.price * l.qty, 2)
               OR l.gst <> CASE WHEN i.has_gst THEN round(l.price * l.qty * 0.1, 3) ELSE 0 END
               OR l.total <> l.sub_total + l.gst`,
      ),
    ).toBe(0);
    const statuses = await rows<{ status: string; n: number }>(
      db,
      sql`SELECT status, count(*)::int AS n FROM stock_orders GROUP BY status`,
    );
    expect(statuses.map((s) => s.status).sort()).toEqual(['approved', 'disapproved', 'pending']);
    expect(
      await count(
        db,
        sql`SELECT count(*)::int AS n FROM stock_orders
            WHERE (status = 'approved' AND (approved_at IS NULL OR approved_by IS NULL))
               OR (status = 'disapproved' AND disapproved_at IS NULL)
               OR (status = 'pending' AND (approved_at IS NOT NULL OR disapproved_at IS NOT NULL))`,
      ),
    ).toBe(0);
  });

  it('bundles stock for most meals', async () => {
    const bundled = await count(db, sql`SELECT count(DISTINCT meal_id)::int AS n FROM stock_bundles`);
    expect(bundled / summary.meals).toBeGreaterThanOrEqual(0.8);
    expect(
      await count(
        db,
        sql`SELECT count(*)::int AS n FROM stock_bundles b JOIN meals m ON m.id = b.meal_id
            JOIN vendors v ON v.id = m.vendor_id JOIN stock_list_items i ON i.id = b.stock_list_item_id
            WHERE i.location_id <> v.location_id`,
      ),
    ).toBe(0);
  });

  it('has fortnight periods from Monday to Sunday 13 days later, covering the history', async () => {
    const periods = await rows<{ start: string; end: string; dow: number; len: number }>(
      db,
      sql`SELECT start_date::text AS start, end_date::text AS end, extract(isodow FROM start_date)::int AS dow,
            (end_date - start_date)::int AS len FROM fortnight_periods ORDER BY start_date`,
    );
    expect(periods.length).toBeGreaterThanOrEqual(10);
    expect(periods.every((p) => p.dow === 1 && p.len === 13)).toBe(true);
    const [first] = await rows<{ d: string }>(
      db,
      sql`SELECT (min(placed_at) AT TIME ZONE 'Australia/Melbourne')::date::text AS d FROM orders`,
    );
    expect(periods[0]!.start <= first!.d).toBe(true);
    expect(periods[periods.length - 1]!.end >= '2026-11-20').toBe(true);
  });

  it('has a payout history: past fortnights generated, older ones approved, the latest left to generate', async () => {
    const periods = await rows<{ start: string; reports: number; approvals: number; ended: boolean }>(
      db,
      sql`SELECT p.start_date::text AS start,
            (SELECT count(*)::int FROM sales_reports r WHERE r.period_id = p.id) AS reports,
            (SELECT count(*)::int FROM invoice_approvals a WHERE a.period_id = p.id AND a.superseded_at IS NULL) AS approvals,
            p.end_date < '2026-11-20'::date AS ended
          FROM fortnight_periods p ORDER BY p.start_date`,
    );
    const ended = periods.filter((p) => p.ended);
    const operators = await count(db, sql`SELECT count(*)::int AS n FROM external_operators`);
    expect(ended.at(-1)).toMatchObject({ reports: 0, approvals: 0 });
    expect(ended.at(-2)).toMatchObject({ reports: 6, approvals: 0 });
    expect(ended.at(-4)).toMatchObject({ reports: 6, approvals: operators });
    const [snapshot] = await rows<{ payout: number; by: string }>(
      db,
      sql`SELECT (snapshot->'invoice'->>'payout_inc_gst')::float AS payout, approved_by_email AS by
          FROM invoice_approvals ORDER BY id LIMIT 1`,
    );
    expect(snapshot?.by).toBe('admin@demo.test');
    expect(Number.isFinite(snapshot?.payout)).toBe(true);
  });

  it('has Uber Eats payout reports of the three latest ended fortnights, each with a few differences', async () => {
    const periods = await rows<{ start: string; end: string }>(
      db,
      sql`SELECT start_date::text AS start, end_date::text AS end FROM fortnight_periods
          WHERE end_date < '2026-11-20'::date ORDER BY start_date DESC LIMIT 3`,
    );
    expect(periods).toHaveLength(3);
    expect(
      await count(
        db,
        sql`SELECT count(*)::int AS n FROM marketplace_payout_lines WHERE channel <> 'uber_eats'`,
      ),
    ).toBe(0);
    for (const { start, end } of periods) {
      const within = sql`p.order_date BETWEEN ${start}::date AND ${end}::date`;
      const paid = await count(
        db,
        sql`SELECT count(*)::int AS n FROM marketplace_payout_lines p WHERE ${within}`,
      );
      expect(paid, start).toBeGreaterThan(10);
      // Paid, not in the ledger: one.
      expect(
        await count(
          db,
          sql`SELECT count(*)::int AS n FROM marketplace_payout_lines p WHERE ${within}
              AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.channel = 'uber_eats' AND o.external_id = p.platform_order_id)`,
        ),
        start,
      ).toBe(1);
      // A fee other than ours: one.
      expect(
        await count(
          db,
          sql`SELECT count(*)::int AS n FROM marketplace_payout_lines p
              JOIN orders o ON o.channel = 'uber_eats' AND o.external_id = p.platform_order_id
              WHERE ${within} AND p.kind = 'sale' AND p.fee <> o.platform_fee`,
        ),
        start,
      ).toBe(1);
      // Refunded in part: one refund row for an order of the fortnight.
      expect(
        await count(
          db,
          sql`SELECT count(*)::int AS n FROM marketplace_payout_lines p
              WHERE p.kind = 'refund' AND p.order_date BETWEEN ${start}::date AND ${end}::date + 1`,
        ),
        start,
      ).toBeGreaterThanOrEqual(1);
      // Ours, finished, not paid: one, at location 1.
      const unpaid = await rows<{ location_id: number }>(
        db,
        sql`SELECT o.location_id FROM orders o
            WHERE o.channel = 'uber_eats' AND o.status = 'Finished'
              AND (o.placed_at AT TIME ZONE 'Australia/Melbourne')::date BETWEEN ${start}::date AND ${end}::date
              AND NOT EXISTS (SELECT 1 FROM marketplace_payout_lines p
                              WHERE p.channel = 'uber_eats' AND p.platform_order_id = o.external_id)`,
      );
      expect(
        unpaid.map((u) => Number(u.location_id)),
        start,
      ).toEqual([1]);
    }
  });

  it('moves the serial sequences past the explicit ids', async () => {
    const [row] = await db
      .insert(mealCategories)
      .values({ title: 'Sequence check' })
      .returning({ id: mealCategories.id });
    expect(row!.id).toBe(56);
    await db.delete(mealCategories).where(eq(mealCategories.id, row!.id));
  });

  it('is deterministic: the same options give the same data', async () => {
    const other = await createTestDatabase();
    try {
      await seedDemoData(other.db, OPTIONS);
      const fingerprint = sql`SELECT
          (SELECT count(*)::int FROM orders) AS orders,
          (SELECT sum(total)::text FROM orders) AS total,
          (SELECT count(*)::int FROM order_lines) AS lines,
          (SELECT sum(amount)::text FROM order_adjustments) AS adjustments,
          (SELECT sum(total)::text FROM stock_orders) AS stock_total,
          (SELECT sum(payout)::text FROM marketplace_payout_lines) AS payouts,
          (SELECT string_agg(row_key, ',' ORDER BY row_key) FROM marketplace_payout_lines) AS payout_rows,
          (SELECT string_agg(phone, ',' ORDER BY id) FROM customers) AS phones`;
      const [a] = await rows<Record<string, unknown>>(db, fingerprint);
      const [b] = await rows<Record<string, unknown>>(other.db, fingerprint);
      expect(b).toEqual(a);
    } finally {
      await other.close();
    }
  }, 120_000);
});

describe('demo data across Menulog’s exit from Australia (26 November 2025)', () => {
  let before: Database;
  beforeAll(async () => {
    before = await createTestDatabase();
    // Twenty weeks up to mid December 2025: history on both sides of the exit.
    await seedDemoData(before.db, { scale: 0.1, now: new Date('2025-12-15T03:00:00Z') });
  }, 120_000);
  afterAll(async () => {
    await before?.close();
  });

  it('has Menulog orders before it left, and none dated on or after 26 Nov 2025 in the location’s time zone', async () => {
    const menulog = await rows<{ day: string }>(
      before.db,
      sql`SELECT to_char(o.placed_at AT TIME ZONE l.time_zone, 'YYYY-MM-DD') AS day
          FROM orders o JOIN locations l ON l.id = o.location_id
          WHERE o.channel = 'menulog'`,
    );
    expect(menulog.length).toBeGreaterThan(0);
    expect(menulog.filter((o) => o.day > MENULOG_LAST_DAY)).toEqual([]);
    expect(MENULOG_LAST_DAY).toBe('2025-11-25');
    // The other platforms go on after it.
    expect(
      await count(
        before.db,
        sql`SELECT count(*) AS n FROM orders WHERE channel = 'doordash' AND placed_at >= '2025-11-26T00:00:00Z'`,
      ),
    ).toBeGreaterThan(0);
  });
});

// PGlite has no statement time limit, and behind a pooler none is sent: PostgreSQL direct only.
const direct = inject('testDatabase');
describe.runIf(direct.kind === 'postgres' && !direct.poolerUrl)(
  'a seed under the requests’ statement time limit',
  () => {
    it('is not cut by it: its transactions lift the limit for themselves alone', async () => {
      // 50 ms: above what a trivial statement takes on a loaded CI machine (5 ms was not), below
      // the seed's bulk writes at scale 0.1 (checked: without the lift the seed is cancelled).
      const limited = await createTestDatabase({ statementTimeoutMs: 50 });
      try {
        const sleep = () => limited.db.execute(sql`SELECT pg_sleep(0.5)`);
        await expect(sleep()).rejects.toThrow();
        await seedDemoData(limited.db, OPTIONS);
        expect(await count(limited.db, sql`SELECT count(*) AS n FROM orders`)).toBeGreaterThan(1000);
        // The limit is back once the seed's transactions end.
        await expect(sleep()).rejects.toThrow();
      } finally {
        await limited.close();
      }
    }, 120_000);
  },
);
