import {
  CSV_FORMATS,
  type CsvRowError,
  DEFAULT_TIME_ZONE,
  gstOfInclusive,
  MARKETPLACE_CSV_MAX_ERRORS_LISTED,
  MARKETPLACE_CSV_SAMPLE_SIZE,
  MARKETPLACE_PLATFORMS,
  type MarketplaceChannel,
  type MarketplaceImportCommit,
  type MarketplaceImportPreview,
  type MarketplaceImportRequest,
  type MarketplaceOrder,
  type MarketplaceStoresResponse,
  type MarketplaceWebhookResponse,
  mealMatcher,
  type SaveMarketplaceStoreRequest,
  statusMovesForward,
  sum,
  toAmount,
  toFixedString,
} from '@kitchaco/domain';
import type { Config, SignedChannel } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import {
  conflict,
  invalid,
  notFound,
  rowsRejected,
  unauthorized,
  unavailable,
  unprocessable,
} from '../../http/errors.js';
import { signatureMatches } from '../../integrations/marketplace-signatures.js';
import { readMarketplaceFile } from '../../lib/off-thread.js';
import { changedFields, recordAudit } from '../audit/audit.record.js';
import { createTicketsForOrder, ticketsFollowOrder } from '../kitchen/kitchen-notices.js';
import { recordLedgerOrders } from '../orders/orders.service.js';
import { PermanentInboxError } from './inbox.errors.js';
import { presentImportedOrder, presentLocations, presentStore } from './marketplaces.presenter.js';
import * as q from './marketplaces.queries.js';

/** Statuses of a new platform order that the kitchen still has to cook. */
const KITCHEN_OPEN_STATUSES = new Set<string>(['Received', 'Cooking']);

type Match = ReturnType<typeof mealMatcher>;

/** One marketplace order as the ledger stores it at its store's location. */
export interface LedgerOrder {
  order: MarketplaceOrder;
  store: q.StoreRow;
  row: q.OrderRow;
  lines: q.LineRow[];
}

/**
 * Turns a platform's order into ledger rows: the store's location, each line's meal matched by
 * name among the store's brand (or every brand of the location), the brand of the matched meal or
 * else of the store, amounts as fixed decimals, GST as the inclusive tenth of the total.
 */
export function toLedger(
  order: MarketplaceOrder,
  store: q.StoreRow,
  match: Match,
  via: 'webhook' | 'csv',
  now: Date,
): LedgerOrder {
  const lines = order.lines.map((line): q.LineRow => {
    const meal = match(line.name, store);
    return {
      vendorId: meal?.vendorId ?? store.vendorId,
      mealId: meal?.mealId ?? null,
      mealName: line.name,
      quantity: line.quantity,
      unitPrice: toFixedString(line.unitPrice),
      subitem: null,
      combos: line.combos.map((c) => ({ name: c.name, price: toFixedString(c.price), quantity: c.quantity })),
      specialRequest: line.specialRequest,
      lineTotal: toFixedString(line.lineTotal),
    };
  });
  return {
    order,
    store,
    lines,
    row: {
      locationId: store.locationId,
      channel: order.channel,
      externalId: order.externalId,
      ingestedVia: via,
      customerName: order.customerName,
      customerPhone: order.customerPhone,
      status: order.status,
      placedAt: order.placedAt,
      scheduledFor: order.scheduledFor ?? null,
      subTotal: toFixedString(order.subTotal),
      gst: toFixedString(gstOfInclusive(order.total)),
      total: toFixedString(order.total),
      platformFee: toFixedString(order.platformFee),
      createdAt: now,
    },
  };
}

const unknownStoreMessage = (channel: MarketplaceChannel, storeId: string) =>
  `unknown store '${storeId.slice(0, 100)}' for ${MARKETPLACE_PLATFORMS[channel].name}: map it under Marketplaces, Store mappings first`;

// ---------------------------------------------------------------- webhooks

const SECRET_VARIABLES: Record<SignedChannel, string> = {
  uber_eats: 'UBER_EATS_CLIENT_ID and UBER_EATS_CLIENT_SECRET',
  deliveroo: 'DELIVEROO_WEBHOOK_SECRET',
};

/** Refuses a notification the platform did not sign with our shared secret (before it is read). */
export function verifyWebhook(
  config: Config,
  channel: SignedChannel,
  rawBody: Buffer,
  headers: Record<string, string | undefined>,
): void {
  const secret = config.marketplaceSecrets[channel];
  const name = MARKETPLACE_PLATFORMS[channel].name;
  if (!secret) throw unavailable(`The ${name} webhook is not configured: set ${SECRET_VARIABLES[channel]}.`);
  if (!signatureMatches(channel, secret, rawBody, headers)) {
    throw unauthorized(`The ${name} signature is missing or does not match this body.`);
  }
}

/**
 * Stores a platform's order notification in the ledger, once. A new order is written with its
 * lines and first status event in one transaction; the same order again (a resend, or a later
 * status notification) leaves the order as stored but moves its status forward, with an event.
 * Two deliveries at once are safe: the unique (channel, external id) lets one insert win, and the
 * other waits for it, then reads the stored order under a row lock.
 */
export async function receiveWebhookOrder(
  app: AppContext,
  order: MarketplaceOrder,
): Promise<MarketplaceWebhookResponse> {
  const placed = await placeWebhookOrder(app, order);
  if (!placed.store) throw unprocessable(unknownStoreMessage(order.channel, order.storeId), 'store_id');
  return storeWebhookOrder(app, placed);
}

/** A platform's order placed at its mapped store, lines matched; `store` null when unmapped. */
export interface PlacedOrder {
  order: MarketplaceOrder;
  store: q.StoreRow | null;
  /** Names of the lines that matched none of the store's meals. */
  unmatched: string[];
  ledger: LedgerOrder | null;
}

/** Places a platform's order by the store mapping and matches its meals, writing nothing. */
export async function placeWebhookOrder(app: AppContext, order: MarketplaceOrder): Promise<PlacedOrder> {
  const store = await q.findStore(app.db, order.channel, order.storeId);
  if (!store) return { order, store: null, unmatched: [], ledger: null };
  const match = mealMatcher(await q.mealsOfLocations(app.db, [store.locationId]));
  const ledger = toLedger(order, store, match, 'webhook', app.clock.now());
  const unmatched = ledger.lines.filter((l) => l.mealId === null).map((l) => l.mealName);
  return { order, store, unmatched, ledger };
}

/** The message of an order whose store is not mapped (a webhook's 422, a denial's explanation). */
export const unmappedStoreMessage = unknownStoreMessage;

/**
 * Moves a stored platform order's status forward (statusMovesForward), with a status event; null
 * when the order is not in the ledger.
 */
/**
 * Who a platform's status event says the order belongs to: the store it names (mapped to a
 * location and maybe a brand) and, when the platform sent it, our order id. An event naming
 * another store's order is refused, never applied (issue 42: a cancel of another store's order).
 */
export interface EventOwner {
  store: string;
  locationId: number;
  vendorId: number | null;
  clientOrderId: string | null;
}

/**
 * Moves a stored marketplace order to a platform's status (only forward), in one transaction with
 * the order locked; null when the order is not stored. With `owner`, the order must be that
 * store's: otherwise nothing changes and `refused` says why.
 */
export async function moveWebhookOrderStatus(
  app: AppContext,
  channel: MarketplaceChannel,
  externalId: string,
  status: MarketplaceOrder['status'],
  owner?: EventOwner,
): Promise<{ orderId: number; status: MarketplaceOrder['status']; moved: boolean; refused?: string } | null> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const stored = await q.lockOrderByExternalId(tx, channel, externalId);
    if (!stored) return null;
    const refused = owner ? await notOwnedBy(tx, stored, owner) : null;
    if (refused) return { orderId: stored.id, status: stored.status, moved: false, refused };
    if (!statusMovesForward(stored.status, status)) {
      return { orderId: stored.id, status: stored.status, moved: false };
    }
    await q.setOrderStatus(tx, stored.id, status, now);
    await q.insertStatusEvent(tx, {
      orderId: stored.id,
      fromStatus: stored.status,
      toStatus: status,
      at: now,
    });
    // The kitchen's tickets follow (a cancel takes them off every screen), once this commits.
    await ticketsFollowOrder(tx, stored.id, status, { at: now, by: null });
    return { orderId: stored.id, status, moved: true };
  });
}

/**
 * The owner a status event names, from the platform's store id: a store we have not mapped owns
 * none of our orders, so its event is refused (PermanentInboxError, with the reason).
 */
export async function eventOwner(
  app: AppContext,
  channel: MarketplaceChannel,
  storeId: string,
  clientOrderId: string | null,
): Promise<EventOwner> {
  const store = await q.findStore(app.db, channel, storeId);
  if (!store) {
    throw new PermanentInboxError(`not canceled: the event names store ${storeId}, which is not mapped here`);
  }
  return { store: storeId, locationId: store.locationId, vendorId: store.vendorId, clientOrderId };
}

/** Why a stored order is not the one a store's event names, or null when it is. */
async function notOwnedBy(
  tx: DbOrTx,
  stored: { id: number; locationId: number },
  owner: EventOwner,
): Promise<string | null> {
  const theirs = `the event names store ${owner.store}`;
  if (owner.clientOrderId !== null && owner.clientOrderId !== String(stored.id)) {
    return `${theirs} and our order ${owner.clientOrderId}, but this platform order is our order #${stored.id}`;
  }
  if (stored.locationId !== owner.locationId) {
    return `${theirs}, mapped to another location than order #${stored.id}'s`;
  }
  if (owner.vendorId !== null && !(await q.orderHasBrand(tx, stored.id, owner.vendorId))) {
    return `${theirs}, mapped to a brand none of order #${stored.id}'s items is of`;
  }
  return null;
}

/** Stores a placed order once (see receiveWebhookOrder); a stored one only moves forward. */
export async function storeWebhookOrder(
  app: AppContext,
  placed: PlacedOrder,
): Promise<MarketplaceWebhookResponse> {
  const { order, ledger } = placed;
  if (!ledger) throw unprocessable(unknownStoreMessage(order.channel, order.storeId), 'store_id');
  const now = app.clock.now();
  const answer = await app.db.transaction(async (tx): Promise<MarketplaceWebhookResponse> => {
    const [id] = await recordLedgerOrders(tx, [
      { order: ledger.row, lines: ledger.lines, firstEventAt: now },
    ]);
    if (id != null) {
      // An accepted order goes to the kitchen: one ticket per brand, with the order (docs/kitchen.md).
      if (KITCHEN_OPEN_STATUSES.has(order.status)) await createTicketsForOrder(tx, id, now);
      return { success: true, order_id: id, duplicate: false, status: order.status };
    }
    const stored = await q.lockOrderByExternalId(tx, order.channel, order.externalId);
    // Orders are never deleted, so the row that won the insert is there.
    if (!stored) throw conflict('The order changed while it was being stored. Please send it again.');
    if (!statusMovesForward(stored.status, order.status)) {
      return { success: true, order_id: stored.id, duplicate: true, status: stored.status };
    }
    await q.setOrderStatus(tx, stored.id, order.status, now);
    await q.insertStatusEvent(tx, {
      orderId: stored.id,
      fromStatus: stored.status,
      toStatus: order.status,
      at: now,
    });
    await ticketsFollowOrder(tx, stored.id, order.status, { at: now, by: null });
    return { success: true, order_id: stored.id, duplicate: true, status: order.status };
  });
  // A new order: paid on the platform, now ours to make (a repeat of a stored one is not counted).
  if (!answer.duplicate) app.metrics.orderPaid(ledger.row.locationId, order.channel);
  app.log.info(
    {
      channel: order.channel,
      externalId: order.externalId,
      orderId: answer.order_id,
      duplicate: answer.duplicate,
    },
    'marketplace order notification stored',
  );
  return answer;
}

// ---------------------------------------------------------------- CSV import

interface ImportPlan {
  channel: MarketplaceChannel;
  /** Orders read without a row error, with their store when it is mapped. */
  orders: { order: MarketplaceOrder; ledger: LedgerOrder | null }[];
  errors: CsvRowError[];
  unknownStores: string[];
  unmatchedMeals: string[];
  duplicates: Set<string>;
}

async function planImport(app: AppContext, input: MarketplaceImportRequest): Promise<ImportPlan> {
  const channel = input.platform;
  const stores = new Map((await q.listStores(app.db, channel)).map((s) => [s.storeId, s]));
  const read = await readMarketplaceFile({
    channel,
    text: input.csv,
    timeZones: Object.fromEntries([...stores.values()].map((s) => [s.storeId, s.timeZone])),
    defaultTimeZone: DEFAULT_TIME_ZONE,
  });
  const locationIds = [...new Set([...stores.values()].map((s) => s.locationId))];
  const match = mealMatcher(await q.mealsOfLocations(app.db, locationIds));
  const now = app.clock.now();
  const errors = [...read.errors];
  const unknownStores = new Set<string>();
  const unmatched = new Map<string, string>();
  // A report without items gives each order one summary line: not a meal anybody could match.
  const format = CSV_FORMATS[channel];
  const summaryLine = format.layout === 'orders' ? format.summaryLine.toLowerCase() : null;
  const orders = read.orders.map((order) => {
    const store = stores.get(order.storeId);
    if (!store) {
      unknownStores.add(order.storeId);
      errors.push({
        row: order.row,
        field: CSV_FORMATS[channel].columns.storeId,
        message: unknownStoreMessage(channel, order.storeId),
      });
      return { order, ledger: null };
    }
    const ledger = toLedger(order, store, match, 'csv', now);
    ledger.lines.forEach((line) => {
      const key = line.mealName.trim().toLowerCase();
      if (line.mealId === null && key !== summaryLine && !unmatched.has(key)) {
        unmatched.set(key, line.mealName.trim());
      }
    });
    return { order, ledger };
  });
  errors.sort((a, b) => a.row - b.row);
  const duplicates = await q.existingExternalIds(
    app.db,
    channel,
    orders.map((o) => o.order.externalId),
  );
  return {
    channel,
    orders,
    errors,
    unknownStores: [...unknownStores].sort(),
    unmatchedMeals: [...unmatched.values()].sort((a, b) => a.localeCompare(b)),
    duplicates,
  };
}

/** What importing the export would do, writing nothing. */
export async function previewImport(
  app: AppContext,
  input: MarketplaceImportRequest,
): Promise<MarketplaceImportPreview> {
  const plan = await planImport(app, input);
  return {
    success: true,
    platform: plan.channel,
    orders: plan.orders.length,
    lines: sum(plan.orders.map((o) => o.order.lines.length)),
    total_sales: toAmount(sum(plan.orders.map((o) => o.order.total))),
    duplicates: plan.orders.filter((o) => plan.duplicates.has(o.order.externalId)).length,
    unmatched_meals: plan.unmatchedMeals,
    unknown_stores: plan.unknownStores,
    errors: plan.errors.slice(0, MARKETPLACE_CSV_MAX_ERRORS_LISTED),
    error_count: plan.errors.length,
    sample: plan.orders
      .slice(0, MARKETPLACE_CSV_SAMPLE_SIZE)
      .map((o) =>
        presentImportedOrder(
          o.order,
          o.ledger?.store ?? null,
          o.ledger?.lines ?? null,
          plan.duplicates.has(o.order.externalId),
        ),
      ),
  };
}

/** A file with row errors, refused whole: 422 listing the rows, nothing written. */
export function fileRejected(errors: readonly CsvRowError[]) {
  const count = errors.length;
  return rowsRejected(
    `The file has ${count} ${count === 1 ? 'error' : 'errors'}: nothing was imported. Correct the rows and import it again.`,
    errors.slice(0, MARKETPLACE_CSV_MAX_ERRORS_LISTED),
  );
}

/**
 * Writes orders read from a platform's file (an order export, a payout report) in one
 * transaction, each with its lines; orders already stored (earlier imports, webhooks, even one
 * arriving meanwhile) are skipped. Answers the orders written.
 */
export async function writeFileOrders(
  app: AppContext,
  ledger: readonly LedgerOrder[],
): Promise<LedgerOrder[]> {
  return app.db.transaction(async (tx) => {
    const written = await recordLedgerOrders(
      tx,
      ledger.map((l) => ({ order: l.row, lines: l.lines })),
    );
    const ids = new Map<string, number>();
    ledger.forEach((l, i) => {
      const id = written[i];
      if (id != null && !ids.has(l.order.externalId)) ids.set(l.order.externalId, id);
    });
    const fresh = ledger.filter((l) => ids.has(l.order.externalId));
    // One entry per location: what the file added to its ledger.
    const byLocation = new Map<number, LedgerOrder[]>();
    for (const l of fresh) byLocation.set(l.row.locationId, [...(byLocation.get(l.row.locationId) ?? []), l]);
    for (const [locationId, added] of byLocation) {
      const channel = added[0]!.row.channel;
      const total = toAmount(sum(added.map((l) => l.order.total)));
      await recordAudit(tx, {
        entityId: added.map((l) => ids.get(l.order.externalId)).join(','),
        locationId,
        summary: `${added.length} ${channel} order(s) imported from a file, $${total.toFixed(2)}`,
        before: null,
        after: { channel, orders: added.map((l) => l.order.externalId), total },
      });
    }
    return fresh;
  });
}

/**
 * Imports the export in one transaction: every order not yet in the ledger, with its lines.
 * A file with any error is refused whole (422 listing the rows), so it is never half imported.
 */
export async function commitImport(
  app: AppContext,
  input: MarketplaceImportRequest,
): Promise<MarketplaceImportCommit> {
  const plan = await planImport(app, input);
  if (plan.errors.length > 0) throw fileRejected(plan.errors);
  const ledger = plan.orders.map((o) => o.ledger!);
  const written = await writeFileOrders(app, ledger);
  app.log.info(
    { channel: plan.channel, imported: written.length, skipped: ledger.length - written.length },
    'marketplace export imported',
  );
  return {
    success: true,
    platform: plan.channel,
    imported: written.length,
    lines: sum(written.map((l) => l.lines.length)),
    total_sales: toAmount(sum(written.map((l) => l.order.total))),
    duplicates: ledger.length - written.length,
  };
}

// ---------------------------------------------------------------- store mappings

export async function listStoreMappings(app: AppContext): Promise<MarketplaceStoresResponse> {
  const [stores, locations] = await Promise.all([q.listStores(app.db), q.locationsWithVendors(app.db)]);
  return { success: true, stores: stores.map(presentStore), locations: presentLocations(locations) };
}

/** Creates a mapping, or changes one (id given); a brand must be of the mapping's location. */
export async function saveStoreMapping(app: AppContext, input: SaveMarketplaceStoreRequest) {
  const vendorId = input.vendor_id ?? null;
  if (input.id !== undefined && !(await q.findStoreById(app.db, input.id))) {
    throw notFound(`Store mapping #${input.id} does not exist.`);
  }
  if (!(await q.locationExists(app.db, input.location_id))) {
    throw invalid(`location_id: location #${input.location_id} does not exist`, 'location_id');
  }
  if (vendorId !== null && (await q.vendorLocation(app.db, vendorId)) !== input.location_id) {
    throw invalid(`vendor_id: brand #${vendorId} is not at location #${input.location_id}`, 'vendor_id');
  }
  const id = await app.db.transaction(async (tx) => {
    const before = input.id === undefined ? null : await q.findStoreById(tx, input.id);
    const row = {
      channel: input.platform,
      storeId: input.store_id,
      name: input.name,
      locationId: input.location_id,
      vendorId,
    };
    const saved = await q.saveStore(tx, input.id, { ...row, updatedAt: app.clock.now() });
    if (saved === null) {
      throw conflict(
        `${MARKETPLACE_PLATFORMS[input.platform].name} store '${input.store_id}' is already mapped: change that mapping instead.`,
      );
    }
    const platform = MARKETPLACE_PLATFORMS[input.platform].name;
    await recordAudit(tx, {
      entityId: saved,
      locationId: input.location_id,
      summary: `${platform} store '${input.store_id}' ${before ? 'changed' : 'mapped'}: ${input.name}`,
      ...(before
        ? changedFields(
            {
              channel: before.channel,
              storeId: before.storeId,
              name: before.name,
              locationId: before.locationId,
              vendorId: before.vendorId,
            },
            row,
          )
        : { before: null, after: row }),
    });
    return saved;
  });
  return { success: true as const, store: presentStore((await q.findStoreById(app.db, id))!) };
}
