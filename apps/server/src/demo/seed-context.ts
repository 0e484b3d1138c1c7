import { addDays, DEFAULT_TIME_ZONE, localDate, zonedInstant } from '@kitchaco/domain';
import type { DbOrTx } from '../db/client.js';
import type { meals, vendors } from '../db/schema/index.js';
import type { ImageStore } from '../integrations/images.js';
import type { BrandDef, LocationDef } from './catalog.js';
import type { OrderCustomer, OrderLocation } from './orders.js';
import { hashString, Random } from './random.js';
import type { StockLocation } from './stock.js';

/** What every phase of the demo seeding shares: the options, the shape, the context and the plans of the locations. */

export const DEMO_CUSTOMER_PHONE = '+61400000000';
const DEFAULT_SEED = 20_260_101;
export const BASE_LOCATIONS = 6;
const BASE_ORDERS_PER_DAY = 30;
const BASE_CUSTOMERS = 400;
const BASE_WEEKS = 20;
const MAX_WEEKS = 260;

export interface DemoOptions {
  /**
   * 1 = six locations, ~400 customers, ~30 orders per location per day over 20 weeks; 100 = 60
   * locations over 200 weeks with about 100 times the orders.
   */
  scale: number;
  /** The clock: the history ends here. */
  now: Date;
  seed?: number;
  /**
   * Where the brands' and meals' pictures are stored (the server's image store, as an upload
   * would be); without it they have none and show the app's placeholder (tests that do not look
   * at pictures, benchmarks).
   */
  images?: ImageStore;
}

export interface DemoSummary {
  locations: number;
  vendors: number;
  meals: number;
  customers: number;
  orders: number;
  stockOrders: number;
  accounts: { email: string; role: string }[];
}

/** Shape of the generated data for a scale (exported for benchmarks and docs). */
export function demoShape(scale: number): {
  locations: number;
  weeks: number;
  customers: number;
  ordersPerLocationDay: number;
} {
  if (!(scale > 0) || !Number.isFinite(scale))
    throw new RangeError(`Demo scale must be a positive number, got ${scale}`);
  const locationCount = scale > 5 ? Math.round(BASE_LOCATIONS * Math.sqrt(scale)) : BASE_LOCATIONS;
  const weeks = Math.min(MAX_WEEKS, Math.round(BASE_WEEKS * Math.max(1, scale / 10)));
  // Scale multiplies the whole history's orders: a longer history and more locations share them,
  // so 100x is about 100 times the orders of 1x (years at 60 locations, ~2.5 million orders).
  const ordersPerLocationDay =
    (BASE_ORDERS_PER_DAY * scale * BASE_LOCATIONS * BASE_WEEKS) / (locationCount * weeks);
  return {
    locations: locationCount,
    weeks,
    customers: Math.max(30, Math.round(BASE_CUSTOMERS * scale)),
    ordersPerLocationDay,
  };
}

export interface LocationPlan {
  id: number;
  def: LocationDef;
  slug: string;
  operatorId: number;
  brandIndexes: number[];
  closeHour: number[];
  factor: number;
  deliveryCharge: string;
  minStockDeliveryCharge: string;
}

/** What every phase of the seeding shares: the transaction, the shape, the clock and the random streams. */
export interface SeedContext {
  db: DbOrTx;
  shape: ReturnType<typeof demoShape>;
  rngRef: Random;
  rngPeople: Random;
  rngOrders: Random;
  rngStock: Random;
  now: Date;
  tz: string;
  today: ReturnType<typeof localDate>;
  firstDay: ReturnType<typeof localDate>;
  setupAt: Date;
}

/** The menu as the later phases need it: its rows, and what the stock and order generators draw from. */
export interface SeededMenu {
  vendorRows: (typeof vendors.$inferInsert)[];
  mealRows: (typeof meals.$inferInsert)[];
  brandOfVendor: Map<number, BrandDef>;
  orderVendorsByLocation: Map<number, { vendor: OrderLocation['vendors'][number]; weight: number }[]>;
  stockMealsByLocation: Map<number, StockLocation['meals']>;
}

/** The staff accounts made, and who acts for each location. */
export interface SeededStaff {
  accounts: DemoSummary['accounts'];
  adminId: number;
  stockAdminId: number;
  operatorByLocation: Map<number, number>;
  stockUserByLocation: Map<number, number>;
}

/** The customers made, by the location they order from. */
export interface SeededCustomers {
  count: number;
  customersByLocation: Map<number, OrderCustomer[]>;
  demoCustomer: OrderCustomer;
}

export function seedContext(db: DbOrTx, options: DemoOptions): SeedContext {
  const shape = demoShape(options.scale);
  const seed = (options.seed ?? DEFAULT_SEED) ^ hashString(String(options.scale));
  const root = new Random(seed);
  const rngRef = root.fork(1);
  const rngPeople = root.fork(2);
  const rngOrders = root.fork(3);
  const rngStock = root.fork(4);
  const now = options.now;
  const tz = DEFAULT_TIME_ZONE;
  const today = localDate(now, tz);
  const firstDay = addDays(today, -(shape.weeks * 7 - 1));
  const setupAt = zonedInstant(addDays(firstDay, -60), tz, 9, 0);
  return { db, shape, rngRef, rngPeople, rngOrders, rngStock, now, tz, today, firstDay, setupAt };
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
