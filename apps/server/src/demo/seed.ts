import { DEMO_PASSWORD, zonedInstant } from '@kitchaco/domain';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../db/client.js';
import { foldRollups } from '../db/rollups.js';
import {
  customers,
  externalOperators,
  feedPosts,
  fortnightPeriods,
  kiosks,
  kitchens,
  locations,
  mealCategories,
  mealCombos,
  mealSubitems,
  meals,
  orderAdjustments,
  orderLines,
  orderStatusEvents,
  orders,
  payments,
  refunds,
  staffUsers,
  stockBundles,
  stockExpiryReminders,
  stockListItems,
  stockOrderLines,
  stockOrders,
  stockUnits,
  vendors,
} from '../db/schema/index.js';
import { hashPassword } from '../modules/auth/secrets.js';
import { resetSequence } from './batch.js';
import { BRANDS } from './catalog.js';
import { seedFinanceHistory } from './finance.js';
import { seedKitchenTickets } from './kitchen.js';
import { seedPayoutReports } from './payouts.js';
import { type BrandPictures, storeDemoPictures } from './pictures.js';
import { seedContent } from './seed-content.js';
import { type DemoOptions, type DemoSummary, seedContext } from './seed-context.js';
import { seedHoursAndClosures, seedLocations, seedMarketplaceStores } from './seed-locations.js';
import { seedMenu, seedPictures } from './seed-menu.js';
import { seedCustomerOrders } from './seed-orders.js';
import { seedCustomers, seedStaff } from './seed-people.js';
import { seedStockHistory } from './seed-stock.js';

/**
 * The demo data generator: a believable, deterministic business (same seed, scale and clock give
 * the same rows) that the server seeds into an empty database in demo mode, and that benchmarks
 * use at larger scales. Everything is inserted in one transaction, so a failure leaves the
 * database empty and the next start seeds again.
 */

export { DEMO_CUSTOMER_PHONE, type DemoOptions, type DemoSummary, demoShape } from './seed-context.js';
/** The published demo password (defined in the domain: production code must not import the demo). */
export { DEMO_PASSWORD };

/**
 * What a demo start says when the data is already there (the first start lists every account it
 * made): the main accounts, and how to start over.
 */
export function demoAccountsNote(
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres' },
): string {
  const reset =
    database.kind === 'pglite'
      ? `stop the server, delete ${database.dataDir} and npm start again`
      : 'stop the server, drop and recreate the database and start again';
  return [
    '',
    `Demo accounts (password "${DEMO_PASSWORD}"):`,
    '  admin@demo.test          super admin',
    '  operator@demo.test       operator (Reservoir); operator2@demo.test … for the other locations',
    '  kitchen@demo.test        kitchen display (Reservoir)',
    '  stock@demo.test          stock ordering (Reservoir); stock2@demo.test … for the other locations',
    '  stockadmin@demo.test     stock admin',
    '  customer phone +61400000000 (the SMS code appears at /dev/outbox)',
    `Fresh demo data: ${reset}.`,
    '',
  ].join('\n');
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: locations.id }).from(locations).limit(1);
  return rows.length === 0;
}

export async function seedDemoData(db: Db, options: DemoOptions): Promise<DemoSummary> {
  // The pictures are composed on sharp's threads while the rows are written, and set at the end.
  const pictures = options.images ? storeDemoPictures(options.images, BRANDS) : null;
  // Awaited inside the transaction; this only keeps a failure there from being reported twice.
  pictures?.catch(() => undefined);
  // One argon2 hash (about 50 ms) shared by every demo staff account.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // A seed is a batch: at DEMO_SCALE 100 one statement (the rollups' fold of 2.5 million orders)
  // runs for minutes, past the DATABASE_STATEMENT_TIMEOUT_MS meant for requests. Its own
  // transactions lift the limit for themselves alone (SET LOCAL).
  const summary = await db.transaction(async (tx) => {
    await liftStatementTimeout(tx);
    return seedInto(tx, options, passwordHash, pictures);
  });
  // The history's figures go into the rollups now, not in the server's first fold, which on the
  // embedded database would hold up the first requests.
  await db.transaction(async (tx) => {
    await liftStatementTimeout(tx);
    await foldRollups(tx);
  });
  // The fold left every pending row dead; the next folds would read past them until autovacuum.
  // VACUUM runs outside a transaction, so under the requests' time limit: cut short, autovacuum
  // does it later (the next folds are slower until then, nothing is wrong).
  await db
    .execute(
      sql`VACUUM orders_rollup_pending, order_lines_rollup_pending, stock_orders_rollup_pending, adjustments_rollup_pending`,
    )
    .catch(() => undefined);
  return summary;
}

/**
 * No statement time limit for the rest of this transaction, nor for its idle moments (the seed
 * awaits its pictures inside it); SET LOCAL ends with the transaction.
 */
async function liftStatementTimeout(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`SET LOCAL statement_timeout = 0`);
  await tx.execute(sql`SET LOCAL idle_in_transaction_session_timeout = 0`);
}

async function seedInto(
  db: DbOrTx,
  options: DemoOptions,
  passwordHash: string,
  pictures: Promise<Map<string, BrandPictures>> | null,
): Promise<DemoSummary> {
  const context = seedContext(db, options);
  const { now, tz, today } = context;
  const { operatorDefs, plans } = await seedLocations(context);
  const menu = await seedMenu(context, plans);
  await seedHoursAndClosures(context, plans, menu.vendorRows);
  await seedMarketplaceStores(context, plans, menu.vendorRows);
  const staff = await seedStaff(context, plans, passwordHash);
  const people = await seedCustomers(context, plans);
  await seedContent(context, plans, menu.vendorRows);
  const stock = await seedStockHistory(context, plans, menu, staff);
  const history = await seedCustomerOrders(context, { plans, operatorDefs, menu, people, staff });
  await resetSequences(db);
  // The planner knows nothing of the rows this transaction wrote (autovacuum cannot see them yet):
  // without statistics the payout seed's per-order lookups ran as scans of every order line (at
  // DEMO_SCALE 100, one query ran for more than 9 minutes). ANALYZE inside the transaction counts them.
  await db.execute(sql`ANALYZE`);
  // --- Kitchen tickets of today's open orders -------------------------------------------------
  await seedKitchenTickets(db, zonedInstant(today, tz));
  // --- Payout history: generated reports and approved invoices of past fortnights -------------
  await seedFinanceHistory(db, {
    today,
    timeZone: tz,
    approver: { id: staff.adminId, email: 'admin@demo.test' },
  });
  // --- Uber Eats payout reports of the latest fortnights, for the invoice's reconciliation -------
  await seedPayoutReports(db, { today, timeZone: tz, now });
  await seedPictures(db, menu, pictures);

  return {
    locations: plans.length,
    vendors: menu.vendorRows.length,
    meals: menu.mealRows.length,
    customers: people.count,
    orders: history.orders,
    stockOrders: stock.orders,
    accounts: staff.accounts,
  };
}

async function resetSequences(db: DbOrTx): Promise<void> {
  // --- Sequences past the explicit ids --------------------------------------------------------
  const withSerialIds: PgTable[] = [
    externalOperators,
    locations,
    kitchens,
    mealCategories,
    vendors,
    meals,
    mealCombos,
    mealSubitems,
    staffUsers,
    customers,
    feedPosts,
    kiosks,
    fortnightPeriods,
    stockUnits,
    stockListItems,
    stockBundles,
    stockOrders,
    stockOrderLines,
    stockExpiryReminders,
    orders,
    orderLines,
    orderStatusEvents,
    payments,
    refunds,
    orderAdjustments,
  ];
  for (const table of withSerialIds) await resetSequence(db, table);
}
