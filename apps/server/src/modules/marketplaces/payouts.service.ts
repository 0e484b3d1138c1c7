import { createHash } from 'node:crypto';
import {
  type CsvRowError,
  type ImportMissingPayoutOrdersRequest,
  type ImportMissingPayoutOrdersResponse,
  type IsoDate,
  type LedgerPayoutOrder,
  localDate,
  MARKETPLACE_PLATFORMS,
  type MarketplaceOrder,
  marketplaceLine,
  PAYOUT_CHANNELS,
  PAYOUT_FORMATS,
  type PayoutChannel,
  type PayoutImportRequest,
  type PayoutImportResponse,
  type PayoutOrder,
  type PayoutReconciliationRequest,
  type PayoutReconciliationResponse,
  type PayoutRow,
  payoutOrderKey,
  payoutOrders,
  type ReconciledOrder,
  reconcile,
  sum,
  toAmount,
  toFixedString,
  toMills,
  zonedInstant,
  zonedRange,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { NamedFile } from '../../http/registry.js';
import { readPayoutFile } from '../../lib/off-thread.js';
import { recordAudit } from '../audit/audit.record.js';
import * as mq from './marketplaces.queries.js';
import {
  fileRejected,
  type LedgerOrder,
  toLedger,
  unmappedStoreMessage,
  writeFileOrders,
} from './marketplaces.service.js';
import { reconciliationCsv } from './payouts.csv.js';
import { coverageKey, presentReconciliation } from './payouts.presenter.js';
import * as q from './payouts.queries.js';

/**
 * Payout reconciliation (docs/marketplaces.md, "Payout reconciliation"): a platform's payout report
 * stored row by row at the locations its stores map to, and each fortnight's marketplace orders of
 * the ledger set beside it. The rules are the domain's (payout-reconcile.ts); this reads both
 * sides, writes, and presents.
 */

// ---------------------------------------------------------------- import

/** The stored key of a report row: the same row of the same report always gives the same key. */
const rowKey = (channel: PayoutChannel, key: string) =>
  createHash('sha256').update(`${channel}\u0000${key}`).digest('hex');

/** What storing a report did. */
export interface StoredReport {
  rows: PayoutRow[];
  newRows: number;
  skipped: number;
}

/**
 * Reads a payout report and stores its rows, each once, at the locations their stores map to. A
 * file with a row error or a store without a mapping is refused whole (422 listing the rows), as
 * the order import refuses one. Takes the database, so the demo seeds through it too.
 */
export async function storePayoutReport(
  db: DbOrTx,
  channel: PayoutChannel,
  csv: string,
  now: Date,
): Promise<StoredReport> {
  // A large report is read off the event loop (lib/off-thread.ts), as an order export is.
  const read = await readPayoutFile(channel, csv);
  const stores = new Map((await mq.listStores(db, channel)).map((s) => [s.storeId, s]));
  const storeColumn = PAYOUT_FORMATS[channel].columns.storeId.names[0]!;
  const errors: CsvRowError[] = [...read.errors];
  for (const row of read.rows) {
    if (!stores.has(row.storeId)) {
      errors.push({ row: row.row, field: storeColumn, message: unmappedStoreMessage(channel, row.storeId) });
    }
  }
  if (errors.length > 0) throw fileRejected(errors.sort((a, b) => a.row - b.row));
  const newRows = await q.insertPayoutLines(
    db,
    read.rows.map((row) => ({
      channel,
      locationId: stores.get(row.storeId)!.locationId,
      storeId: row.storeId,
      platformOrderId: row.orderId,
      orderDate: row.orderDate,
      kind: row.kind,
      status: row.status,
      sales: toFixedString(row.sales),
      fee: toFixedString(row.fee),
      payout: toFixedString(row.payout),
      payoutDate: row.payoutDate,
      payoutRef: row.payoutRef,
      rowKey: rowKey(channel, row.key),
    })),
    now,
  );
  return { rows: read.rows, newRows, skipped: read.skipped };
}

export async function importPayoutReport(
  app: AppContext,
  input: PayoutImportRequest,
): Promise<PayoutImportResponse> {
  const channel = input.platform;
  const stored = await app.db.transaction(async (tx) => {
    const report = await storePayoutReport(tx, channel, input.csv, app.clock.now());
    const dates = report.rows.map((r) => r.orderDate).sort();
    await recordAudit(tx, {
      entityId: `${channel}:${dates[0] ?? ''}..${dates.at(-1) ?? ''}`,
      locationId: null,
      summary: `${channel} payout report imported: ${report.rows.length} rows, ${report.newRows} new`,
      before: null,
      after: {
        channel,
        rows: report.rows.length,
        new_rows: report.newRows,
        from: dates[0],
        to: dates.at(-1),
      },
    });
    return report;
  });
  const { rows } = stored;
  const dates = rows.map((r) => r.orderDate).sort();
  const answer: PayoutImportResponse = {
    success: true,
    platform: channel,
    rows: rows.length,
    new_rows: stored.newRows,
    duplicate_rows: rows.length - stored.newRows,
    skipped_rows: stored.skipped,
    orders: new Set(rows.map((r) => r.orderId)).size,
    payout_total: toAmount(sum(rows.map((r) => r.payout))),
    from_date: dates[0] ?? null,
    to_date: dates[dates.length - 1] ?? null,
  };
  app.log.info(
    {
      channel,
      rows: answer.rows,
      newRows: answer.new_rows,
      duplicateRows: answer.duplicate_rows,
      skippedRows: answer.skipped_rows,
    },
    'marketplace payout report imported',
  );
  return answer;
}

// ---------------------------------------------------------------- reconciliation

interface Scope {
  period: { id: number; startDate: IsoDate; endDate: IsoDate };
  locations: q.PayoutLocation[];
}

/** The fortnight and the locations of the operator (0: every location); 404 for either unknown. */
async function scopeOf(db: DbOrTx, input: PayoutReconciliationRequest): Promise<Scope> {
  const period = await q.findPeriod(db, input.sales_invoice_fortnight_period);
  if (!period) {
    throw notFound(
      `Fortnight period #${input.sales_invoice_fortnight_period} does not exist: choose one of the invoice fortnights.`,
    );
  }
  const operatorId = input.external_operator || null;
  if (operatorId !== null && !(await q.operatorExists(db, operatorId))) {
    throw notFound('This external operator does not exist.');
  }
  return { period, locations: await q.locationsOf(db, operatorId) };
}

export interface Reconciliation {
  scope: Scope;
  /** Every order of the fortnight at the scope's locations, with its state. */
  orders: ReconciledOrder[];
  /** "channel|location" of the platforms and locations a report covers the fortnight for. */
  covered: Set<string>;
  /** "channel|location" of the platforms with a store mapped at the location (expected to pay). */
  mapped: Set<string>;
  /** The stored payout rows read, by platform order (payoutOrderKey). */
  lines: Map<string, q.PayoutLineRow[]>;
}

function toLedgerOrder(row: q.LedgerOrderRow): LedgerPayoutOrder {
  return {
    orderId: Number(row.id),
    channel: row.channel,
    externalId: row.external_id,
    locationId: Number(row.location_id),
    status: row.status,
    total: toMills(row.total),
    platformFee: toMills(row.platform_fee),
    orderDate: localDate(new Date(row.placed_at), row.tz),
  };
}

/**
 * Both sides of one fortnight. Our orders placed within the fortnight's local dates at each
 * location, and the payout rows dated within it; then the other side of each of those orders
 * wherever it falls, so an order placed near midnight on the fortnight's edge (or refunded after
 * it) is matched with its own rows. Each order belongs to the fortnight of its date in our ledger
 * (the platform's date when the ledger lacks it), so no order is listed by two fortnights.
 */
async function reconcileScope(db: DbOrTx, scope: Scope): Promise<Reconciliation> {
  const { startDate: from, endDate: to } = scope.period;
  const locationIds = scope.locations.map((l) => l.id);
  const windows = scope.locations.map((l) => ({ locationId: l.id, ...zonedRange(from, to, l.timeZone) }));
  // One after the other: `db` may be a transaction, whose one connection takes one query at a time.
  const ledgerRows = await q.ledgerOrdersIn(db, PAYOUT_CHANNELS, windows);
  const dated = await q.payoutLinesIn(db, locationIds, from, to);

  const ledgerKeys = new Set(ledgerRows.map((r) => payoutOrderKey(r.channel, r.external_id)));
  const keys = new Map<string, q.PlatformOrderKey>();
  for (const r of ledgerRows)
    keys.set(payoutOrderKey(r.channel, r.external_id), { channel: r.channel, externalId: r.external_id });
  for (const l of dated)
    keys.set(payoutOrderKey(l.channel, l.platformOrderId), {
      channel: l.channel,
      externalId: l.platformOrderId,
    });
  const lines = await q.payoutLinesOf(db, [...keys.values()]);
  const elsewhere = await q.ledgerOrdersOf(
    db,
    [...keys.entries()].filter(([key]) => !ledgerKeys.has(key)).map(([, k]) => k),
  );

  const covered = new Set(dated.map((l) => coverageKey(l.channel, l.locationId)));
  const mapped = new Set(
    (await mq.listStores(db))
      .filter((s) => (PAYOUT_CHANNELS as readonly string[]).includes(s.channel))
      .map((s) => coverageKey(s.channel, s.locationId)),
  );
  const paid: PayoutOrder[] = payoutOrders(
    lines.map((l) => ({
      channel: l.channel,
      externalId: l.platformOrderId,
      locationId: Number(l.locationId),
      orderDate: l.orderDate,
      kind: l.kind,
      sales: toMills(l.sales),
      fee: toMills(l.fee),
      payout: toMills(l.payout),
      payoutDate: l.payoutDate,
    })),
  );
  const inScope = new Set(locationIds);
  const orders = reconcile([...ledgerRows, ...elsewhere].map(toLedgerOrder), paid, (channel, locationId) =>
    covered.has(coverageKey(channel, locationId)),
  ).filter((o) => inScope.has(o.locationId) && o.orderDate >= from && o.orderDate <= to);

  const byOrder = new Map<string, q.PayoutLineRow[]>();
  for (const line of lines) {
    const key = payoutOrderKey(line.channel, line.platformOrderId);
    const group = byOrder.get(key);
    if (group) group.push(line);
    else byOrder.set(key, [line]);
  }
  return { scope, orders, covered, mapped, lines: byOrder };
}

/** One fortnight's reconciliation of the operator's locations (0: every location). */
export async function reconcilePayouts(
  app: AppContext,
  input: PayoutReconciliationRequest,
): Promise<Reconciliation> {
  return reconcileScope(app.db, await scopeOf(app.db, input));
}

export async function payoutReconciliation(
  app: AppContext,
  input: PayoutReconciliationRequest,
): Promise<PayoutReconciliationResponse> {
  return presentReconciliation(await reconcilePayouts(app, input));
}

/** The reconciliation as a CSV file, named by the fortnight's first day. */
export async function reconciliationFile(
  app: AppContext,
  input: PayoutReconciliationRequest,
): Promise<NamedFile> {
  const answer = await payoutReconciliation(app, input);
  return new NamedFile(
    `payout-reconciliation-${answer.period.start_date}.csv`,
    reconciliationCsv(answer.orders),
  );
}

// ---------------------------------------------------------------- missing orders

/** The ledger's order for a platform order known only from its payout rows: one summary line. */
function orderFromPayout(paid: PayoutOrder, storeId: string, timeZone: string): MarketplaceOrder {
  const canceled =
    !paid.kinds.includes('sale') && (paid.kinds.includes('canceled') || paid.kinds.includes('refund'));
  // A report holding only a refund of an order sums to a negative sale: the ledger holds no
  // negative order, and the refund row keeps the order "refunded" in reconciliation anyway.
  const total = Math.max(paid.sales, 0);
  return {
    channel: paid.channel,
    externalId: paid.externalId,
    storeId,
    status: canceled ? 'Canceled' : 'Finished',
    placedAt: zonedInstant(paid.orderDate, timeZone, 12, 0),
    customerName: null,
    customerPhone: null,
    lines: [
      marketplaceLine({
        name: `${MARKETPLACE_PLATFORMS[paid.channel].name} order (from payout report)`,
        quantity: 1,
        unitPrice: total,
        combos: [],
        specialRequest: null,
      }),
    ],
    subTotal: total,
    total,
    platformFee: paid.fee,
  };
}

/** A summary line is not a meal: nothing to match it with. */
const noMeal = () => null;

/**
 * Writes the fortnight's orders a platform paid and our ledger lacks (all, or those asked for),
 * through the order import's writer, so they are then matched; an order stored meanwhile is
 * skipped, so a repeat writes nothing.
 */
export async function importMissingOrders(
  app: AppContext,
  input: ImportMissingPayoutOrdersRequest,
): Promise<ImportMissingPayoutOrdersResponse> {
  const { orders, lines } = await reconcilePayouts(app, input);
  let missing = orders.filter((o) => o.state === 'missing' && o.paid);
  let skipped = 0;
  if (input.platform_order_ids) {
    const asked = new Set(input.platform_order_ids);
    missing = missing.filter((o) => asked.has(o.externalId));
    const found = new Set(missing.map((o) => o.externalId));
    skipped = [...asked].filter((id) => !found.has(id)).length;
  }
  const storeKey = (channel: string, storeId: string) => `${channel}|${storeId}`;
  const stores = new Map(
    (await mq.listStores(app.db)).map((s) => [storeKey(s.channel, s.storeId), s] as const),
  );
  const now = app.clock.now();
  const ledger: LedgerOrder[] = [];
  for (const o of missing) {
    const rows = lines.get(payoutOrderKey(o.channel, o.externalId)) ?? [];
    const storeId = (rows.find((r) => r.kind === 'sale') ?? rows[0])?.storeId ?? '';
    const store = stores.get(storeKey(o.channel, storeId));
    if (!store) {
      // Its store's mapping was removed since the report was imported: nowhere to put the order.
      skipped += 1;
      continue;
    }
    ledger.push(toLedger(orderFromPayout(o.paid!, storeId, store.timeZone), store, noMeal, 'csv', now));
  }
  const written = await writeFileOrders(app, ledger);
  skipped += ledger.length - written.length;
  app.log.info(
    { period: input.sales_invoice_fortnight_period, imported: written.length, skipped },
    'missing marketplace orders imported from payout reports',
  );
  return {
    success: true,
    imported: written.length,
    total_sales: toAmount(sum(written.map((l) => l.order.total))),
    skipped,
  };
}
