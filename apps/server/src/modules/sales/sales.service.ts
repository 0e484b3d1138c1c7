/**
 * Sales figures shared by the back office's dashboard and lists, finance's reports and invoices
 * and stock's usage report: all read from the sales rollups (db/schema/rollups.ts), none from the
 * ledger, so their cost does not grow with history.
 */
import type { DbOrTx } from '../../db/client.js';
import * as q from './sales.queries.js';

export type { ComparisonRow, OrderCountFilter, SalesScope } from './sales.queries.js';
export type VendorSalesRow = Awaited<ReturnType<typeof q.vendorSales>>[number];

/**
 * Every figure of the back-office dashboard for a scope, with the previous period's comparison
 * figures; the meals sold only when asked (one location).
 */
export async function dashboardFigures(
  db: DbOrTx,
  scope: q.SalesScope,
  previous: q.SalesScope,
  withItems: boolean,
) {
  const [channels, locations, vendors, hours, items, stockSent, adjustments, comparison] = await Promise.all([
    q.channelFigures(db, scope),
    q.locationSales(db, scope),
    q.vendorSales(db, scope),
    q.hourlySales(db, scope),
    withItems ? q.itemsSold(db, scope) : Promise.resolve([]),
    q.stockSent(db, scope),
    q.adjustmentFigures(db, scope),
    q.comparisonFigures(db, previous),
  ]);
  return { channels, locations, vendors, hours, items, stockSent, adjustments, comparison };
}

/**
 * Orders, sales and fees per location and channel, and the adjustments per location and channel,
 * of a scope. One after the other: `db` may be a transaction, whose one connection takes one query
 * at a time.
 */
export async function channelSalesAndAdjustments(db: DbOrTx, scope: q.SalesScope) {
  const channels = await q.channelFigures(db, scope);
  const adjustments = await q.adjustmentFigures(db, scope);
  return { channels, adjustments };
}

/** Orders and sales (not canceled) of each location of the scope, net of their card refunds. */
export async function locationSales(db: DbOrTx, scope: q.SalesScope) {
  return q.locationSales(db, scope);
}

/** Quantities sold per meal; a marketplace name that matched no meal is grouped by that name. */
export async function mealsSold(db: DbOrTx, scope: q.SalesScope) {
  return q.itemsSold(db, scope);
}

/** The number of orders matching `filter` when the rollups can tell it; null when the ledger must be counted. */
export async function countRolledUpOrders(db: DbOrTx, scope: q.SalesScope, filter: q.OrderCountFilter) {
  return q.countRolledUpOrders(db, scope, filter);
}
