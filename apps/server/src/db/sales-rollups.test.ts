import { addDays, MARKETPLACE_CHANNELS, ORDER_STATUSES, SALES_CHANNELS } from '@kitchaco/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../demo/seed.js';
import { periodRuns } from '../modules/sales/sales.queries.js';
import { createTestApp, type TestApp, UNLIMITED_CHECKOUTS } from '../test/app.js';
import { tokenFor } from '../test/auth.js';
import { createAdjustment, createLedgerOrder, createStockOrderRecord } from '../test/ledger.js';
import { deliver, notification } from '../test/marketplaces.js';
import type { Db, DbOrTx } from './client.js';
import { foldRollups } from './rollups.js';
import { locations, orders, stockOrders } from './schema/index.js';

/**
 * The sales rollups (schema/rollups.ts, kept by the triggers of migration 0003) always equal the
 * orders ledger: after the demo seed, and after any mix of writes (orders of every channel placed
 * on any day, status changes and cancellations through the API, marketplace webhooks and their
 * cancellations, deleted orders, marketplace adjustments, stock orders approved and withdrawn, a
 * location moving time zone). The expected figures are worked out
 * here from the ledger with plain GROUP BYs, independently of the trigger SQL.
 */
let t: TestApp;
let admin: string;

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The first day of the dekad (1-10, 11-20, 21-end) of a local timestamp column. */
const DEKAD_OF = (column: string) =>
  sql.raw(`(date_trunc('month', ${column})::date + CASE WHEN extract(day FROM ${column}) <= 10 THEN 0
    WHEN extract(day FROM ${column}) <= 20 THEN 10 ELSE 20 END)`);

/** Every (day, dekad and month) x (location and all locations) group, as "key | figures" lines. */
const LEDGER = sql`
  WITH o AS (
    SELECT o.*, o.placed_at AT TIME ZONE l.time_zone AS local_at
    FROM orders o JOIN locations l ON l.id = o.location_id
  ), g AS (
    SELECT 'day' AS grain, local_at::date AS period, o.* FROM o
    UNION ALL SELECT 'dekad', ${DEKAD_OF('local_at')}, o.* FROM o
    UNION ALL SELECT 'month', date_trunc('month', local_at)::date, o.* FROM o
  )
  SELECT x.loc AS location, g.* FROM g CROSS JOIN LATERAL (VALUES (g.location_id), (0)) x(loc)`;

async function expected(db: Db) {
  const [channel, location, hour, vendor, meal] = await Promise.all([
    rows<{ line: string }>(
      db,
      sql`SELECT concat_ws('|', location, grain, period, channel, coalesce(ingested_via = 'csv', false),
            status = 'Canceled', count(*), count(*) FILTER (WHERE status = 'Finished'),
            sum(total)::numeric(14, 2), sum(platform_fee)::numeric(14, 2)) AS line
          FROM (${LEDGER}) k GROUP BY location, grain, period, channel, coalesce(ingested_via = 'csv', false), status = 'Canceled'`,
    ),
    rows<{ line: string }>(
      db,
      sql`SELECT concat_ws('|', location, grain, period, count(*), sum(total)::numeric(14, 2)) AS line
          FROM (${LEDGER}) k WHERE status <> 'Canceled' AND location <> 0 GROUP BY location, grain, period`,
    ),
    rows<{ line: string }>(
      db,
      sql`SELECT concat_ws('|', location, grain, period, extract(hour FROM local_at), count(*),
            sum(total)::numeric(14, 2)) AS line
          FROM (${LEDGER}) k WHERE status <> 'Canceled' GROUP BY location, grain, period, extract(hour FROM local_at)`,
    ),
    rows<{ line: string }>(
      db,
      sql`SELECT concat_ws('|', k.location, k.grain, k.period, coalesce(l.vendor_id, 0),
            sum(l.line_total)::numeric(14, 2)) AS line
          FROM (${LEDGER}) k JOIN order_lines l ON l.order_id = k.id
          WHERE k.status <> 'Canceled' AND k.location <> 0 GROUP BY k.location, k.grain, k.period, coalesce(l.vendor_id, 0)`,
    ),
    rows<{ line: string }>(
      db,
      sql`SELECT concat_ws('|', k.location, k.grain, k.period, coalesce(l.meal_id, 0),
            CASE WHEN l.meal_id IS NULL THEN l.meal_name ELSE '' END, sum(l.quantity)) AS line
          FROM (${LEDGER}) k JOIN order_lines l ON l.order_id = k.id
          WHERE k.status <> 'Canceled' AND k.location <> 0 GROUP BY k.location, k.grain, k.period, coalesce(l.meal_id, 0), CASE WHEN l.meal_id IS NULL THEN l.meal_name ELSE '' END`,
    ),
  ]);
  const [stock, adjustment] = await Promise.all([
    rows<{ line: string }>(
      db,
      sql`SELECT concat_ws('|', x.loc, g.grain, g.period, sum(g.total)::numeric(14, 2)) AS line
          FROM (SELECT s.location_id, s.total, s.approved_at AT TIME ZONE l.time_zone AS local_at
                FROM stock_orders s JOIN locations l ON l.id = s.location_id
                WHERE s.status = 'approved' AND s.approved_at IS NOT NULL) s
          CROSS JOIN LATERAL (VALUES ('day', s.local_at::date, s.total),
            ('dekad', ${DEKAD_OF('s.local_at')}, s.total),
            ('month', date_trunc('month', s.local_at)::date, s.total)) g(grain, period, total)
          CROSS JOIN LATERAL (VALUES (s.location_id), (0)) x(loc)
          GROUP BY x.loc, g.grain, g.period HAVING sum(g.total) <> 0`,
    ),
    rows<{ line: string }>(
      db,
      sql`SELECT concat_ws('|', x.loc, g.grain, g.period, a.channel, sum(a.amount)::numeric(14, 2)) AS line
          FROM (SELECT a.location_id, a.channel, a.amount, a.occurred_at AT TIME ZONE l.time_zone AS local_at
                FROM order_adjustments a JOIN locations l ON l.id = a.location_id) a
          CROSS JOIN LATERAL (VALUES ('day', a.local_at::date), ('dekad', ${DEKAD_OF('a.local_at')}),
            ('month', date_trunc('month', a.local_at)::date)) g(grain, period)
          CROSS JOIN LATERAL (VALUES (a.location_id), (0)) x(loc)
          GROUP BY x.loc, g.grain, g.period, a.channel HAVING sum(a.amount) <> 0`,
    ),
  ]);
  return { channel, location, hour, vendor, meal, stock, adjustment };
}

/**
 * The stored rollups in the same lines, once the pending rows are folded in; rows whose figures came back
 * to zero are left out.
 */
async function stored(db: Db) {
  await foldRollups(db);
  const [channel, location, hour, vendor, meal] = await Promise.all([
    rows<{ line: string }>(
      db,
      sql`SELECT concat_ws('|', location_id, grain, period, channel, imported, canceled, orders, finished,
            sales, fees) AS line
          FROM sales_rollups WHERE orders <> 0 OR finished <> 0 OR sales <> 0 OR fees <> 0`,
    ),
    rows<{ line: string }>(
      db,
      sql`SELECT concat_ws('|', location_id, grain, period, orders, sales) AS line
          FROM location_sales_rollups WHERE orders <> 0 OR sales <> 0`,
    ),
    rows<{ line: string }>(
      db,
      sql`SELECT concat_ws('|', location_id, grain, period, hour, orders, sales) AS line
          FROM hourly_sales_rollups WHERE orders <> 0 OR sales <> 0`,
    ),
    rows<{ line: string }>(
      db,
      sql`SELECT concat_ws('|', location_id, grain, period, vendor_id, sales) AS line
          FROM vendor_sales_rollups WHERE sales <> 0`,
    ),
    rows<{ line: string }>(
      db,
      sql`SELECT concat_ws('|', location_id, grain, period, meal_id, meal_name, quantity) AS line
          FROM meal_sales_rollups WHERE quantity <> 0`,
    ),
  ]);
  const [stock, adjustment] = await Promise.all([
    rows<{ line: string }>(
      db,
      sql`SELECT concat_ws('|', location_id, grain, period, total) AS line FROM stock_sent_rollups WHERE total <> 0`,
    ),
    rows<{ line: string }>(
      db,
      sql`SELECT concat_ws('|', location_id, grain, period, channel, amount) AS line
          FROM adjustment_rollups WHERE amount <> 0`,
    ),
  ]);
  return { channel, location, hour, vendor, meal, stock, adjustment };
}

const sorted = (figures: Record<string, { line: string }[]>) =>
  Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, v.map((r) => r.line).sort()]));

async function expectRollupsEqualLedger() {
  const db = t.database.db;
  expect(sorted(await stored(db))).toEqual(sorted(await expected(db)));
}

// ---------------------------------------------------------------- the writes

const DAY_MS = 86_400_000;
const HISTORY_END = Date.parse('2026-11-18T02:00:00Z');
const STORE_PREFIX = { deliveroo: 'dr' } as const;
let externalIds = 0;

const placedAt = fc
  .tuple(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 0, max: 24 * 60 - 1 }))
  .map(([days, minute]) => new Date(HISTORY_END - days * DAY_MS - minute * 60_000));

const write = fc.oneof(
  fc.record({
    kind: fc.constant('order' as const),
    location: fc.integer({ min: 1, max: 6 }),
    channel: fc.constantFrom(...SALES_CHANNELS),
    status: fc.constantFrom(...ORDER_STATUSES),
    csv: fc.boolean(),
    at: placedAt,
    lines: fc.array(
      fc.record({ pick: fc.nat(), quantity: fc.integer({ min: 1, max: 3 }), unmatched: fc.boolean() }),
      { maxLength: 3 },
    ),
  }),
  fc.record({
    kind: fc.constant('status' as const),
    pick: fc.nat(),
    status: fc.constantFrom(...ORDER_STATUSES),
  }),
  fc.record({
    kind: fc.constant('webhook' as const),
    // Deliveroo's webhook writes the order in the request (the others go through the inbox).
    channel: fc.constant('deliveroo' as const),
    at: placedAt,
    cancelToo: fc.boolean(),
    quantity: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('adjustment' as const),
    location: fc.integer({ min: 1, max: 6 }),
    channel: fc.constantFrom(...MARKETPLACE_CHANNELS),
    cents: fc.integer({ min: -5000, max: 2000 }),
    at: placedAt,
  }),
  fc.record({
    kind: fc.constant('stockOrder' as const),
    location: fc.integer({ min: 1, max: 6 }),
    cents: fc.integer({ min: 100, max: 90_000 }),
    at: placedAt,
    approve: fc.boolean(),
    thenDisapprove: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('timeZone' as const),
    location: fc.integer({ min: 1, max: 6 }),
    zone: fc.constantFrom('Australia/Melbourne', 'Australia/Perth', 'Pacific/Auckland'),
  }),
);
type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;

async function someOrderId(pick: number): Promise<number | null> {
  const ids = await rows<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM orders ORDER BY placed_at DESC, id DESC LIMIT 50`,
  );
  return ids.length ? ids[pick % ids.length]!.id : null;
}

async function apply(w: Write) {
  const db = t.database.db;
  switch (w.kind) {
    case 'order': {
      const meals = await rows<{ id: number; vendor_id: number; name: string; price: string }>(
        db,
        sql`SELECT m.id, m.vendor_id, m.name, m.price::text AS price FROM meals m
            JOIN vendors v ON v.id = m.vendor_id WHERE v.location_id = ${w.location} ORDER BY m.id`,
      );
      const lines = w.lines.map((l) => {
        const meal = meals[l.pick % meals.length]!;
        return {
          vendorId: meal.vendor_id,
          mealId: l.unmatched ? null : meal.id,
          mealName: l.unmatched ? `${meal.name} (Reg)` : meal.name,
          quantity: l.quantity,
          lineTotal: (Number(meal.price) * l.quantity).toFixed(2),
        };
      });
      const total = lines.reduce((s, l) => s + Number(l.lineTotal), 0).toFixed(2);
      await createLedgerOrder(
        db,
        {
          locationId: w.location,
          channel: w.channel,
          status: w.status,
          ingestedVia: MARKETPLACE_CHANNELS.includes(w.channel as never) ? (w.csv ? 'csv' : 'webhook') : null,
          placedAt: w.at,
          total,
          platformFee: (Number(total) * 0.3).toFixed(2),
        },
        lines,
      );
      return;
    }
    case 'status': {
      const id = await someOrderId(w.pick);
      if (id === null) return;
      // Refused moves (a finished order cannot cook again) are fine: they change nothing.
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin-data/',
        headers: { authorization: `Token ${admin}` },
        payload: { query_type: 'update_order_status', order_id: id, status: w.status },
      });
      return;
    }
    case 'webhook': {
      const order = {
        externalId: `prop-${w.channel}-${++externalIds}`,
        storeId: `${STORE_PREFIX[w.channel]}-1-1`,
        placedAt: w.at.toISOString(),
        items: [
          { name: 'Smash Burger', quantity: w.quantity, cents: 1450 },
          { name: 'A dish nobody sells', quantity: 1, cents: 900 },
        ],
      };
      const placed = await deliver(t.app, w.channel, notification(w.channel, order));
      expect(placed.statusCode, placed.body).toBe(200);
      if (w.cancelToo) {
        const canceled = await deliver(
          t.app,
          w.channel,
          notification(w.channel, { ...order, state: 'canceled' }),
        );
        expect(canceled.statusCode, canceled.body).toBe(200);
      }
      return;
    }
    case 'delete': {
      const id = await someOrderId(w.pick);
      if (id !== null) await db.delete(orders).where(eq(orders.id, id));
      return;
    }
    case 'adjustment':
      await createAdjustment(db, {
        locationId: w.location,
        channel: w.channel,
        amount: (w.cents / 100).toFixed(2),
        occurredAt: w.at,
      });
      return;
    case 'stockOrder': {
      const order = await createStockOrderRecord(db, {
        locationId: w.location,
        status: 'pending',
        total: (w.cents / 100).toFixed(2),
      });
      if (!w.approve) return;
      await db
        .update(stockOrders)
        .set({ status: 'approved', approvedAt: w.at })
        .where(eq(stockOrders.id, order.id));
      if (w.thenDisapprove) {
        await db.update(stockOrders).set({ status: 'disapproved' }).where(eq(stockOrders.id, order.id));
      }
      return;
    }
    case 'timeZone':
      await db.update(locations).set({ timeZone: w.zone }).where(eq(locations.id, w.location));
      return;
  }
}

beforeAll(async () => {
  t = await createTestApp(UNLIMITED_CHECKOUTS);
  await seedDemoData(t.database.db, { scale: 0.02, now: new Date(HISTORY_END) });
  admin = (await tokenFor(t.database.db, 'super_admin')).token;
}, 120_000);
afterAll(() => t?.close());

describe('sales rollups', () => {
  it('equal the ledger after the demo seed', async () => {
    const figures = await stored(t.database.db);
    expect(figures.channel.length).toBeGreaterThan(100);
    await expectRollupsEqualLedger();
  });

  it('equal the ledger after any mix of orders, status changes, cancellations, webhooks, deletes, adjustments and stock orders', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 8 }), async (writes) => {
        for (const w of writes) await apply(w);
        await expectRollupsEqualLedger();
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});

describe('periods of a date range', () => {
  it('reads a year ending on the 20th as 11 months and 3 dekads, no single days', () => {
    expect(periodRuns('2025-11-21', '2026-11-20')).toEqual([
      { grain: 'dekad', first: '2025-11-21', last: '2025-11-21' },
      { grain: 'month', first: '2025-12-01', last: '2026-10-01' },
      { grain: 'dekad', first: '2026-11-01', last: '2026-11-11' },
    ]);
  });

  it('covers every day of any range exactly once', () => {
    const day = fc.integer({ min: 0, max: 1200 }).map((n) => addDays('2024-01-01', n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 400 }), (from, length) => {
        const to = addDays(from, length);
        const covered: string[] = [];
        for (const run of periodRuns(from, to)) {
          for (let start = run.first; start <= run.last; ) {
            const next = nextPeriod(start, run.grain);
            for (let d = start; d < next; d = addDays(d, 1)) covered.push(d);
            start = next;
          }
        }
        const expected = Array.from({ length: length + 1 }, (_, i) => addDays(from, i));
        expect(covered).toEqual(expected);
      }),
    );
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('rollups under concurrent writes (PostgreSQL)', () => {
  const at = new Date(HISTORY_END - 3_600_000);
  const anOrder = async (db: DbOrTx) => {
    const [meal] = await rows<{ id: number; vendor_id: number; name: string }>(
      db,
      sql`SELECT m.id, m.vendor_id, m.name FROM meals m JOIN vendors v ON v.id = m.vendor_id
          WHERE v.location_id = 1 ORDER BY m.id LIMIT 1`,
    );
    return createLedgerOrder(
      db,
      { locationId: 1, channel: 'online_pickup', status: 'Received', placedAt: at, total: '12.50' },
      [
        {
          vendorId: meal!.vendor_id,
          mealId: meal!.id,
          mealName: meal!.name,
          quantity: 1,
          lineTotal: '12.50',
        },
      ],
    );
  };

  it('write two orders of one location and day at once: neither waits for the other to commit', async () => {
    const db = t.database.db;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const firstWritten = new Promise<void>((resolve) => (written = resolve));
    const first = db.transaction(async (tx) => {
      await anOrder(tx);
      written();
      await held;
    });
    await firstWritten;
    // With rollup rows written by the checkout itself, this waited on the first order's row lock.
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL lock_timeout = '2s'`);
      await anOrder(tx);
    });
    release();
    await first;
    await expectRollupsEqualLedger();
  });

  it('count every order exactly once while folds run alongside the writers', async () => {
    const db = t.database.db;
    await Promise.all([
      ...Array.from({ length: 40 }, () => anOrder(db)),
      ...Array.from({ length: 10 }, () => db.execute(sql`SELECT rollups_fold()`)),
    ]);
    await expectRollupsEqualLedger();
  });
});

/** The first day after the period of `grain` starting on `start`, worked out day by day. */
function nextPeriod(start: string, grain: 'day' | 'dekad' | 'month'): string {
  let d = addDays(start, 1);
  const boundary = (x: string) =>
    grain === 'day' || x.endsWith('-01') || (grain === 'dekad' && (x.endsWith('-11') || x.endsWith('-21')));
  while (!boundary(d)) d = addDays(d, 1);
  return d;
}
