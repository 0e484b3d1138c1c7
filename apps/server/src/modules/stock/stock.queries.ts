import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  locations,
  meals,
  orderLines,
  orders,
  staffUsers,
  stockBundles,
  stockExpiryReminders,
  stockListItems,
  stockOrderLines,
  stockOrders,
  stockUnits,
  vendors,
} from '../../db/schema/index.js';

export type StockOrderRow = typeof stockOrders.$inferSelect;
export type StockLineRow = typeof stockOrderLines.$inferSelect;
export type LocationRow = typeof locations.$inferSelect;

/** A stock list item with its unit. */
export async function findItems(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ item: stockListItems, unit: stockUnits })
    .from(stockListItems)
    .innerJoin(stockUnits, eq(stockUnits.id, stockListItems.unitId))
    .where(inArray(stockListItems.id, ids));
}
export type ItemWithUnit = Awaited<ReturnType<typeof findItems>>[number];

export async function listLocationItems(db: DbOrTx, locationId: number | null, onlyEnabled: boolean) {
  const filters = [];
  if (locationId !== null) filters.push(eq(stockListItems.locationId, locationId));
  if (onlyEnabled) filters.push(eq(stockListItems.status, 'enabled'));
  return db
    .select({ item: stockListItems, unit: stockUnits, locationAddress: locations.address })
    .from(stockListItems)
    .innerJoin(stockUnits, eq(stockUnits.id, stockListItems.unitId))
    .innerJoin(locations, eq(locations.id, stockListItems.locationId))
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(asc(stockListItems.name), asc(stockListItems.locationId));
}

/** The items of this name at every location. */
export async function itemsNamed(db: DbOrTx, name: string) {
  return db
    .select({ id: stockListItems.id, locationId: stockListItems.locationId })
    .from(stockListItems)
    .where(eq(stockListItems.name, name));
}

/** Items of this name at these locations other than `exceptId`, with their location's name. */
export async function itemsNamedAt(db: DbOrTx, name: string, locationIds: number[], exceptId: number) {
  return db
    .select({ id: stockListItems.id, location: locations.name })
    .from(stockListItems)
    .innerJoin(locations, eq(locations.id, stockListItems.locationId))
    .where(
      and(
        eq(stockListItems.name, name),
        inArray(stockListItems.locationId, locationIds),
        ne(stockListItems.id, exceptId),
      ),
    );
}

export async function updateItems(
  db: DbOrTx,
  ids: number[],
  set: Partial<typeof stockListItems.$inferInsert>,
): Promise<void> {
  await db.update(stockListItems).set(set).where(inArray(stockListItems.id, ids));
}

export async function listUnits(db: DbOrTx) {
  return db.select().from(stockUnits).orderBy(asc(stockUnits.qtyType));
}

export async function findLocation(db: DbOrTx, id: number): Promise<LocationRow | undefined> {
  const [row] = await db.select().from(locations).where(eq(locations.id, id));
  return row;
}

export async function listLocationsById(db: DbOrTx, ids: number[]): Promise<Map<number, LocationRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(locations).where(inArray(locations.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function upcomingReminders(db: DbOrTx, locationId: number, fromDate: string) {
  return db
    .select({ name: stockExpiryReminders.name, expiringOn: stockExpiryReminders.expiringOn })
    .from(stockExpiryReminders)
    .where(
      and(eq(stockExpiryReminders.locationId, locationId), gte(stockExpiryReminders.expiringOn, fromDate)),
    )
    .orderBy(asc(stockExpiryReminders.expiringOn), asc(stockExpiryReminders.name));
}

/** Stock used per item at a location in [start, end): meals sold on every channel x their bundles. */
/**
 * Stock used per item and weekday over [start, end): meals sold on every channel (canceled orders
 * excluded) times their bundles. `isodow` is the ISO weekday (1 = Monday .. 7 = Sunday) of the
 * order's day in `timeZone`, the location's.
 */
export async function stockUsageByItemAndWeekday(
  db: DbOrTx,
  locationId: number,
  timeZone: string,
  start: Date,
  end: Date,
) {
  const isodow = sql<number>`extract(isodow FROM ${orders.placedAt} AT TIME ZONE ${timeZone})::int`;
  return (
    db
      .select({
        itemId: stockBundles.stockListItemId,
        isodow,
        used: sql<string>`sum(${orderLines.quantity} * ${stockBundles.qty})`,
      })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .innerJoin(stockBundles, eq(stockBundles.mealId, orderLines.mealId))
      .where(
        and(
          eq(orders.locationId, locationId),
          ne(orders.status, 'Canceled'),
          gte(orders.placedAt, start),
          lt(orders.placedAt, end),
        ),
      )
      // By position: the weekday's expression carries the time zone as a parameter, and PostgreSQL
      // would not match a second copy of it ($2 and $5) to the one selected.
      .groupBy(sql`1`, sql`2`)
  );
}

export async function bundlesOfMeals(db: DbOrTx, mealIds: number[]) {
  if (mealIds.length === 0) return [];
  return db
    .select({ bundle: stockBundles, itemName: stockListItems.name, qtyType: stockUnits.qtyType })
    .from(stockBundles)
    .innerJoin(stockListItems, eq(stockListItems.id, stockBundles.stockListItemId))
    .innerJoin(stockUnits, eq(stockUnits.id, stockListItems.unitId))
    .where(inArray(stockBundles.mealId, mealIds))
    .orderBy(asc(stockListItems.name));
}

/** The meals of a location's vendors (any status), for the bundle screen. */
export async function mealsOfLocation(db: DbOrTx, locationId: number) {
  return db
    .select({ id: meals.id, name: meals.name, vendor: vendors.title })
    .from(meals)
    .innerJoin(vendors, eq(vendors.id, meals.vendorId))
    .where(eq(vendors.locationId, locationId))
    .orderBy(asc(vendors.title), asc(meals.name));
}

export async function findMealLocation(db: DbOrTx, mealId: number) {
  const [row] = await db
    .select({ id: meals.id, locationId: vendors.locationId })
    .from(meals)
    .innerJoin(vendors, eq(vendors.id, meals.vendorId))
    .where(eq(meals.id, mealId));
  return row;
}

export async function insertBundle(db: DbOrTx, values: typeof stockBundles.$inferInsert) {
  const [added] = await db.insert(stockBundles).values(values).returning({ id: stockBundles.id });
  return added!;
}

export async function updateBundle(db: DbOrTx, id: number, set: Partial<typeof stockBundles.$inferInsert>) {
  await db.update(stockBundles).set(set).where(eq(stockBundles.id, id));
}

/** Deletes one bundle line and returns it, or undefined when there was none. */
export async function deleteBundle(db: DbOrTx, id: number) {
  const [deleted] = await db.delete(stockBundles).where(eq(stockBundles.id, id)).returning();
  return deleted;
}

export async function findBundle(db: DbOrTx, id: number) {
  const [row] = await db.select().from(stockBundles).where(eq(stockBundles.id, id));
  return row;
}

export async function findBundleOf(db: DbOrTx, mealId: number, itemId: number, exceptId?: number) {
  const filters = [eq(stockBundles.mealId, mealId), eq(stockBundles.stockListItemId, itemId)];
  if (exceptId !== undefined) filters.push(ne(stockBundles.id, exceptId));
  const [row] = await db
    .select()
    .from(stockBundles)
    .where(and(...filters));
  return row;
}

// ---------------------------------------------------------------- stock orders

type NewStockOrder = Pick<
  StockOrderRow,
  'locationId' | 'placedBy' | 'placedAt' | 'subTotal' | 'gst' | 'deliveryCharge' | 'total' | 'updatedAt'
>;
type NewStockLine = Omit<StockLineRow, 'id' | 'stockOrderId'>;
/** An email whose text holds the new order's number: `before + id + after`. */
export interface EmailAroundId {
  subject: [before: string, after: string];
  body: [before: string, after: string];
}

/**
 * A new stock order in one statement, so in one round trip and all or nothing: the order, its
 * lines, and an email to every active stock admin naming the order's number. Returns the order's
 * id and its lines' ids by stock list item.
 */
export async function writeStockOrder(
  db: DbOrTx,
  w: { order: NewStockOrder; lines: NewStockLine[]; email: EmailAroundId },
): Promise<{ id: number; lineIds: Map<number, number> }> {
  const o = w.order;
  const at = o.placedAt.toISOString();
  const lines = w.lines.map((l) => ({
    kind: l.kind,
    stock_list_item_id: l.stockListItemId,
    name: l.name,
    qty_type: l.qtyType,
    price: l.price,
    par: l.par,
    qty: l.qty,
    sub_total: l.subTotal,
    gst: l.gst,
    total: l.total,
    expiry_adjustment: l.expiryAdjustment,
  }));
  const result = await db.execute(sql`
    WITH o AS (
      INSERT INTO stock_orders (location_id, placed_by, placed_at, sub_total, gst, delivery_charge, total, updated_at)
      VALUES (${o.locationId}::int, ${o.placedBy}::int, ${at}::timestamptz, ${o.subTotal}::numeric, ${o.gst}::numeric,
        ${o.deliveryCharge}::numeric, ${o.total}::numeric, ${o.updatedAt.toISOString()}::timestamptz)
      RETURNING id
    ), l AS (
      INSERT INTO stock_order_lines (stock_order_id, kind, stock_list_item_id, name, qty_type, price, par, qty,
        sub_total, gst, total, expiry_adjustment)
      SELECT o.id, x.kind, x.stock_list_item_id, x.name, x.qty_type, x.price, x.par, x.qty, x.sub_total, x.gst,
        x.total, x.expiry_adjustment
      FROM o, jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) AS x(kind text, stock_list_item_id int,
        name text, qty_type text, price numeric, par numeric, qty numeric, sub_total numeric, gst numeric,
        total numeric, expiry_adjustment smallint)
      RETURNING id, stock_list_item_id
    ), mail AS (
      INSERT INTO outbox (channel, recipient, subject, body, attachments, created_at, next_attempt_at)
      SELECT 'email', s.email, ${w.email.subject[0]}::text || o.id || ${w.email.subject[1]}::text,
        ${w.email.body[0]}::text || o.id || ${w.email.body[1]}::text, '[]'::jsonb, ${at}::timestamptz,
        ${at}::timestamptz
      FROM o, staff_users s WHERE s.is_stock_admin AND s.is_active
    )
    SELECT o.id, (SELECT json_agg(json_build_array(l.stock_list_item_id, l.id)) FROM l) AS lines FROM o`);
  const [row] = (result as unknown as { rows: { id: number; lines: [number, number][] }[] }).rows;
  return { id: row!.id, lineIds: new Map(row!.lines) };
}

export async function insertLines(db: DbOrTx, rows: (typeof stockOrderLines.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(stockOrderLines).values(rows);
}

export async function deleteLines(db: DbOrTx, orderId: number, kind: 'ordered' | 'adjusted'): Promise<void> {
  await db
    .delete(stockOrderLines)
    .where(and(eq(stockOrderLines.stockOrderId, orderId), eq(stockOrderLines.kind, kind)));
}

export async function findOrder(db: DbOrTx, id: number): Promise<StockOrderRow | undefined> {
  const [row] = await db.select().from(stockOrders).where(eq(stockOrders.id, id));
  return row;
}

/** An order, its row locked until the transaction ends (a decision reads its fee under the lock). */
export async function lockOrder(db: DbOrTx, id: number): Promise<StockOrderRow | undefined> {
  const [row] = await db.select().from(stockOrders).where(eq(stockOrders.id, id)).for('update');
  return row;
}

/**
 * Updates a pending order, and only a pending one: the guard makes two decisions on the same order
 * at the same moment end in one change and one empty result (read committed re-checks the row).
 */
export async function updatePendingOrder(
  db: DbOrTx,
  id: number,
  set: Partial<typeof stockOrders.$inferInsert>,
): Promise<StockOrderRow | undefined> {
  const [row] = await db
    .update(stockOrders)
    .set(set)
    .where(and(eq(stockOrders.id, id), eq(stockOrders.status, 'pending')))
    .returning();
  return row;
}

export interface OrderFilter {
  locationId?: number;
  status?: 'pending' | 'decided';
  decidedFrom?: Date;
  decidedTo?: Date;
}

export async function listOrders(db: DbOrTx, filter: OrderFilter, newestFirst: boolean) {
  const filters = [];
  if (filter.locationId !== undefined) filters.push(eq(stockOrders.locationId, filter.locationId));
  if (filter.status === 'pending') filters.push(eq(stockOrders.status, 'pending'));
  if (filter.status === 'decided') {
    filters.push(ne(stockOrders.status, 'pending'));
    const decidedAt = sql`coalesce(${stockOrders.approvedAt}, ${stockOrders.disapprovedAt})`;
    if (filter.decidedFrom) filters.push(sql`${decidedAt} >= ${filter.decidedFrom.toISOString()}`);
    if (filter.decidedTo) filters.push(sql`${decidedAt} < ${filter.decidedTo.toISOString()}`);
  }
  return db
    .select()
    .from(stockOrders)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(
      ...(newestFirst
        ? [desc(stockOrders.placedAt), desc(stockOrders.id)]
        : [asc(stockOrders.placedAt), asc(stockOrders.id)]),
    );
}

/** Lines of several orders, with the item's current flags (GST, expiry, whole units). */
export async function linesOfOrders(db: DbOrTx, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      line: stockOrderLines,
      hasGst: stockListItems.hasGst,
      hasExpiry: stockListItems.hasExpiry,
      wholeUnits: stockUnits.wholeUnits,
    })
    .from(stockOrderLines)
    .innerJoin(stockListItems, eq(stockListItems.id, stockOrderLines.stockListItemId))
    .innerJoin(stockUnits, eq(stockUnits.id, stockListItems.unitId))
    .where(inArray(stockOrderLines.stockOrderId, orderIds))
    .orderBy(asc(stockOrderLines.id));
}
export type LineWithItem = Awaited<ReturnType<typeof linesOfOrders>>[number];

/** The expiry an approval gives one ordered line. */
export async function setOrderedLineExpiry(
  db: DbOrTx,
  orderId: number,
  itemId: number,
  expiry: number,
): Promise<void> {
  await db
    .update(stockOrderLines)
    .set({ expiryAdjustment: expiry })
    .where(
      and(
        eq(stockOrderLines.stockOrderId, orderId),
        eq(stockOrderLines.stockListItemId, itemId),
        eq(stockOrderLines.kind, 'ordered'),
      ),
    );
}

export async function insertReminders(db: DbOrTx, rows: (typeof stockExpiryReminders.$inferInsert)[]) {
  if (rows.length) await db.insert(stockExpiryReminders).values(rows);
}

/** Where a location's stock emails go: its own address and its active stock users. */
export async function locationRecipients(db: DbOrTx, locationId: number): Promise<string[]> {
  const location = await findLocation(db, locationId);
  const users = await db
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .where(
      and(
        eq(staffUsers.locationId, locationId),
        eq(staffUsers.isStockUser, true),
        eq(staffUsers.isActive, true),
      ),
    );
  return [...new Set([location?.email, ...users.map((u) => u.email)].filter((e): e is string => Boolean(e)))];
}
