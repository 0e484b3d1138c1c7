import {
  addDays,
  divide,
  type IsoDate,
  localDate,
  toFixedString,
  toMills,
  WEEKDAYS,
  weekdayOfDate,
  zonedInstant,
} from '@kitchaco/domain';
import { desc, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { fortnightPeriods } from '../db/schema/index.js';
import { storePayoutReport } from '../modules/marketplaces/payouts.service.js';
import { hashString, Random } from './random.js';

/**
 * The demo's Uber Eats payout reports, so the Sales Invoice's "Marketplace payouts" shows a real
 * reconciliation: for the latest ended fortnights, Uber Eats' Payment Details report of every
 * location's Uber Eats orders as Uber pays them (the total less the fee, on the Tuesday after the
 * order's week; a canceled order a row of zeros), imported through the same reader and writer as an
 * uploaded report. At the first location of each fortnight a few orders are not paid as the ledger
 * has them: one not paid at all, one charged another fee, one refunded in part, and one paid that
 * the ledger lacks.
 */

/** Ended fortnights that get a report. */
const FORTNIGHTS = 3;
/** The fee an overcharged order is charged beyond ours. */
const EXTRA_FEE = toMills('0.50');

interface UberOrder {
  external_id: string;
  location_id: number;
  status: string;
  total: string;
  platform_fee: string;
  placed_at: Date | string;
  tz: string;
  store_id: string | null;
}

interface ReportRow {
  storeId: string;
  orderId: string;
  date: IsoDate;
  status: 'Completed' | 'Canceled' | 'Refund';
  sales: number;
  fee: number;
  payout: number;
  payoutDate: IsoDate | null;
}

/** DD/MM/YYYY, as the report writes dates. */
const uberDate = (date: IsoDate) => date.split('-').reverse().join('/');

/** Uber pays on the Tuesday after the week (Monday to Sunday) of the order. */
function payoutDateOf(date: IsoDate, today: IsoDate): IsoDate | null {
  const monday = addDays(date, -WEEKDAYS.indexOf(weekdayOfDate(date)));
  const tuesday = addDays(monday, 8);
  // Not paid yet: the report leaves the date blank.
  return tuesday <= today ? tuesday : null;
}

function reportCsv(rows: ReportRow[]): string {
  const lines = [
    'Payment details for all orders in the selected date range',
    'Store ID,Order ID,Order Date,Order Status,Sales (incl. GST),Marketplace Fee,Total payout,Payout Date,Payout reference ID',
    ...rows.map((r) =>
      [
        r.storeId,
        r.orderId,
        uberDate(r.date),
        r.status,
        toFixedString(r.sales),
        toFixedString(r.fee),
        toFixedString(r.payout),
        r.payoutDate ? uberDate(r.payoutDate) : '',
        r.payoutDate ? `PR-${r.payoutDate}` : '',
      ].join(','),
    ),
  ];
  return lines.join('\r\n');
}

/**
 * The lowest location id among the orders (Infinity for none). A loop, not `Math.min(...ids)`: a
 * fortnight of a large demo (DEMO_SCALE 10 and up) holds more orders than a call's arguments may
 * (the spread threw "Maximum call stack size exceeded" and the seed failed).
 */
export function lowestLocation(orders: readonly { location_id: number | string }[]): number {
  let lowest = Number.POSITIVE_INFINITY;
  for (const o of orders) lowest = Math.min(lowest, Number(o.location_id));
  return lowest;
}

export async function seedPayoutReports(
  db: DbOrTx,
  options: { today: IsoDate; timeZone: string; now: Date },
): Promise<{ rows: number }> {
  const periods = (
    await db
      .select()
      .from(fortnightPeriods)
      .where(lt(fortnightPeriods.endDate, options.today))
      .orderBy(desc(fortnightPeriods.startDate))
      .limit(FORTNIGHTS)
  ).reverse();
  if (periods.length === 0) return { rows: 0 };
  const first = periods[0]!.startDate;
  const last = periods[periods.length - 1]!.endDate;
  // A day either side: each order is then placed by its own location's date.
  const from = zonedInstant(addDays(first, -1), options.timeZone);
  const to = zonedInstant(addDays(last, 2), options.timeZone);
  // The store of an order: the Uber Eats store of its brand (its first line's), else of its location.
  const result = (await db.execute(sql`
    SELECT o.external_id, o.location_id, o.status::text AS status, o.total::text AS total,
      o.platform_fee::text AS platform_fee, o.placed_at, l.time_zone AS tz,
      COALESCE(
        (SELECT s.store_id FROM order_lines ol
           JOIN marketplace_stores s ON s.channel = 'uber_eats' AND s.vendor_id = ol.vendor_id
          WHERE ol.order_id = o.id ORDER BY ol.id LIMIT 1),
        (SELECT s.store_id FROM marketplace_stores s
          WHERE s.channel = 'uber_eats' AND s.location_id = o.location_id ORDER BY s.id LIMIT 1)
      ) AS store_id
    FROM orders o JOIN locations l ON l.id = o.location_id
    WHERE o.channel = 'uber_eats' AND o.external_id IS NOT NULL
      AND o.placed_at >= ${from.toISOString()}::timestamptz AND o.placed_at < ${to.toISOString()}::timestamptz
    ORDER BY o.placed_at, o.id`)) as unknown as { rows: UberOrder[] };

  const rows: ReportRow[] = [];
  for (const period of periods) {
    const within = result.rows
      .map((o) => ({ ...o, date: localDate(new Date(o.placed_at), o.tz) }))
      .filter((o) => o.store_id !== null && o.date >= period.startDate && o.date <= period.endDate);
    // The differences: four distinct paid orders of the fortnight's first location, chosen by a
    // generator seeded with the fortnight, so the same data gives the same report.
    const firstLocation = lowestLocation(within);
    const candidates = within.filter(
      (o) => Number(o.location_id) === firstLocation && o.status === 'Finished',
    );
    const [unpaid, overcharged, refunded, copied] = new Random(hashString(period.startDate)).sample(
      candidates,
      4,
    );
    for (const o of within) {
      if (o === unpaid) continue;
      const row = { storeId: o.store_id!, orderId: o.external_id, date: o.date };
      if (o.status === 'Canceled') {
        rows.push({ ...row, status: 'Canceled', sales: 0, fee: 0, payout: 0, payoutDate: null });
        continue;
      }
      if (o.status !== 'Finished') continue;
      const sales = toMills(o.total);
      const fee = toMills(o.platform_fee) + (o === overcharged ? EXTRA_FEE : 0);
      const payoutDate = payoutDateOf(o.date, options.today);
      const sale = { ...row, status: 'Completed' as const, sales, fee, payout: sales - fee, payoutDate };
      rows.push(sale);
      if (o === refunded) {
        // Half the order refunded to the customer the next day, taken from the next payout.
        const back = divide(sales, 2, 2);
        const date = addDays(o.date, 1);
        rows.push({
          ...row,
          date,
          status: 'Refund',
          sales: -back,
          fee: 0,
          payout: -back,
          payoutDate: payoutDateOf(date, options.today),
        });
      }
      if (o === copied) {
        // An order Uber paid that never reached the ledger (its webhook lost, no export imported).
        rows.push({ ...sale, orderId: `UE-PAID-${period.startDate.replace(/-/g, '')}` });
      }
    }
  }
  if (rows.length === 0) return { rows: 0 };
  const stored = await storePayoutReport(db, 'uber_eats', reportCsv(rows), options.now);
  return { rows: stored.newRows };
}
