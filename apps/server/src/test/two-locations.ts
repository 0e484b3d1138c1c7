import { getTableName, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  customers,
  feedPosts,
  invoiceApprovals,
  kiosks,
  kitchenTickets,
  locationClosures,
  locations,
  marketplaceStores,
  mealCombos,
  mealSubitems,
  meals,
  orderLines,
  orderStatusEvents,
  orders,
  outbox,
  payments,
  salesReports,
  stockBundles,
  stockExpiryReminders,
  stockListItems,
  stockOrderLines,
  stockOrders,
  vendors,
} from '../db/schema/index.js';
import { tokenFor } from './auth.js';
import {
  createExternalOperator,
  createLocation,
  createMeal,
  createStockItem,
  createStockUnit,
  createVendor,
} from './factories.js';
import { createLedgerOrder } from './ledger.js';

/**
 * One location with something of every kind a call can name, so a caller of another location can
 * be shown each of them: an external operator owning it, a brand with a meal that stays Enabled
 * (carts, bundles) and one the menu calls may change, a stock item, a pending stock order, a
 * customer with an order in the ledger, a kiosk. The authorisation matrix builds two of these.
 */
export interface Site {
  location: number;
  externalOperator: number;
  vendor: number;
  /** Enabled, with a combo and a sub-item: what carts and bundles use. Never changed. */
  meal: number;
  combo: number;
  subitem: number;
  /** The meal menu management edits and reviews. */
  editableMeal: number;
  unit: number;
  stockItem: number;
  stockItemName: string;
  /** A pending stock order with one line, left pending (reads only). */
  stockOrder: number;
  /** A customer order of `customer` in the ledger, placed on 10 Nov 2026. */
  order: number;
  customer: { id: number; token: string };
  kiosk: number;
}

/** A location with its data; `sales` (dollars) tells its ledger order apart from another site's. */
export async function createSite(db: Db, sales: string): Promise<Site> {
  const externalOperator = await createExternalOperator(db);
  const location = await createLocation(db, {
    // No stock minimum, so a one-line stock order is valid as it is.
    minStockOrder: '0.00',
    minStockDeliveryCharge: '0.00',
    squareLocationId: `SQ-${externalOperator.id}`,
    externalOperatorId: externalOperator.id,
  });
  const vendor = await createVendor(db, location.id);
  const { meal, combos, subitems } = await createMeal(
    db,
    vendor.id,
    { price: sales },
    {
      combos: [{ name: 'Extra', price: '2.00', status: 'Enabled' }],
      subitems: [{ name: 'Medium', status: 'Enabled' }],
    },
  );
  const editable = await createMeal(db, vendor.id);
  const unit = await createStockUnit(db);
  const item = await createStockItem(db, location.id, { unitId: unit.id });
  const customer = await tokenFor(db, 'customer');
  const order = await createLedgerOrder(
    db,
    {
      locationId: location.id,
      channel: 'online_pickup',
      placedAt: new Date('2026-11-10T02:00:00Z'),
      total: sales,
      customerId: customer.id,
      customerName: `Customer ${customer.id}`,
    },
    [{ vendorId: vendor.id, mealId: meal.id, mealName: meal.name, quantity: 1, lineTotal: sales }],
  );
  const [kiosk] = await db
    .insert(kiosks)
    .values({ locationId: location.id, username: `kiosk-${location.id}` })
    .returning();
  const site: Omit<Site, 'stockOrder'> = {
    location: location.id,
    externalOperator: externalOperator.id,
    vendor: vendor.id,
    meal: meal.id,
    combo: combos[0]!.id,
    subitem: subitems[0]!.id,
    editableMeal: editable.meal.id,
    unit: unit.id,
    stockItem: item.id,
    stockItemName: item.name,
    order: order.id,
    customer,
    kiosk: kiosk!.id,
  };
  return { ...site, stockOrder: await createPendingStockOrder(db, site) };
}

/** A fresh pending stock order of the site: one line of its stock item, 2 x 10.00 plus GST. */
export async function createPendingStockOrder(
  db: Db,
  site: Pick<Site, 'location' | 'stockItem' | 'stockItemName'>,
): Promise<number> {
  const [order] = await db
    .insert(stockOrders)
    .values({
      locationId: site.location,
      placedAt: new Date('2026-11-16T23:00:00Z'),
      subTotal: '20.00',
      gst: '2.00',
      total: '22.00',
    })
    .returning();
  await db.insert(stockOrderLines).values({
    stockOrderId: order!.id,
    kind: 'ordered',
    stockListItemId: site.stockItem,
    name: site.stockItemName,
    qtyType: 'unit',
    price: '10.00',
    qty: '2',
    subTotal: '20.00',
    gst: '2.000',
    total: '22.000',
  });
  return order!.id;
}

/** A fresh stock item of the site (so a bundle line with it is new). */
export const createSiteStockItem = async (db: Db, site: Pick<Site, 'location' | 'unit'>) =>
  (await createStockItem(db, site.location, { unitId: site.unit })).id;

/** A fresh bundle line: the site's meal uses one of a fresh stock item. */
export async function createBundle(db: Db, site: Pick<Site, 'location' | 'unit' | 'meal'>) {
  const stockItem = await createSiteStockItem(db, site);
  const [row] = await db
    .insert(stockBundles)
    .values({ mealId: site.meal, stockListItemId: stockItem, qty: '1' })
    .returning();
  return { id: row!.id, stockItem };
}

/** Every table a call of the matrix could change (sessions aside: a request may touch its own). */
const WATCHED = [
  locations,
  vendors,
  meals,
  mealCombos,
  mealSubitems,
  feedPosts,
  stockListItems,
  stockOrders,
  stockOrderLines,
  stockBundles,
  stockExpiryReminders,
  orders,
  orderLines,
  orderStatusEvents,
  payments,
  customers,
  kiosks,
  marketplaceStores,
  salesReports,
  invoiceApprovals,
  outbox,
  kitchenTickets,
] as const;

/**
 * A digest of every watched table's rows, one per table (one round trip), to compare before and
 * after a call: a difference names the table that changed.
 */
export async function snapshot(db: Db): Promise<Record<string, string>> {
  const columns = WATCHED.map((table) => {
    const name = getTableName(table);
    return sql`(SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM ${sql.identifier(name)} t) AS ${sql.identifier(name)}`;
  });
  const result = (await db.execute(sql`SELECT ${sql.join(columns, sql`, `)}`)) as unknown as {
    rows: Record<string, string>[];
  };
  return result.rows[0]!;
}

/**
 * A fresh paid order of the site (one line of its brand) with its kitchen ticket, queued: what a
 * bump names. Each call makes its own, so a bump never finds its ticket moved already.
 */
export async function createSiteTicket(db: Db, site: Site): Promise<number> {
  const order = await createLedgerOrder(
    db,
    {
      locationId: site.location,
      channel: 'online_pickup',
      placedAt: new Date(),
      total: '10.00',
      customerId: site.customer.id,
      customerName: `Customer ${site.customer.id}`,
    },
    [{ vendorId: site.vendor, mealId: site.meal, mealName: 'Matrix meal', quantity: 1, lineTotal: '10.00' }],
  );
  const [ticket] = await db
    .insert(kitchenTickets)
    .values({ orderId: order.id, locationId: site.location, vendorId: site.vendor })
    .returning({ id: kitchenTickets.id });
  return ticket!.id;
}

/** A closure of the site's brand far ahead (nothing a probe orders is affected): what a removal names. */
export async function createSiteClosure(db: Db, site: Site): Promise<number> {
  const [closure] = await db
    .insert(locationClosures)
    .values({
      locationId: site.location,
      vendorId: site.vendor,
      startsAt: new Date('2027-06-01T00:00:00Z'),
      endsAt: new Date('2027-06-02T00:00:00Z'),
      reason: 'Matrix closure',
    })
    .returning({ id: locationClosures.id });
  return closure!.id;
}
