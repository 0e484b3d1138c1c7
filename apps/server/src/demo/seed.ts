import {
  addDays,
  DEFAULT_TIME_ZONE,
  daysBetween,
  type IsoDate,
  localDate,
  MARKETPLACE_CHANNELS,
  type MarketplaceChannel,
  type SalesChannel,
  toMills,
  WEEKDAYS,
  type Weekday,
  zonedInstant,
  zonedParts,
} from '@kitchaco/domain';
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
  locationClosures,
  locations,
  marketplaceStores,
  mealCategories,
  mealCombos,
  mealSubitems,
  meals,
  orderAdjustments,
  orderLines,
  orderStatusEvents,
  orders,
  payments,
  promoCodes,
  refunds,
  staffUsers,
  stockBundles,
  stockExpiryReminders,
  stockListItems,
  stockOrderLines,
  stockOrders,
  stockUnits,
  vendorKitchens,
  vendors,
} from '../db/schema/index.js';
import type { ImageStore } from '../integrations/images.js';
import { hashPassword } from '../modules/auth/secrets.js';
import { insertRows, resetSequence } from './batch.js';
import {
  BRANDS,
  BRANDS_BY_LOCATION,
  type BrandDef,
  CATEGORIES,
  EXTRA_OPERATOR_NAMES,
  EXTRA_SUBURBS,
  FEED_POSTS,
  FIRST_NAMES,
  KITCHENS,
  LAST_NAMES,
  LOCATIONS,
  type LocationDef,
  type MealDef,
  OPERATORS,
  type OperatorDef,
} from './catalog.js';
import { seedFinanceHistory } from './finance.js';
import { seedKitchenTickets } from './kitchen.js';
import {
  generateOrderHistory,
  marketplaceSpelling,
  type OrderCustomer,
  type OrderLocation,
  type OrderMeal,
  type PlannedOrder,
} from './orders.js';
import { seedPayoutReports } from './payouts.js';
import { type BrandPictures, storeDemoPictures } from './pictures.js';
import { hashString, Random } from './random.js';
import { type StockLocation, seedStock } from './stock.js';

/**
 * The demo data generator: a believable, deterministic business (same seed, scale and clock give
 * the same rows) that the server seeds into an empty database in demo mode, and that benchmarks
 * use at larger scales. Everything is inserted in one transaction, so a failure leaves the
 * database empty and the next start seeds again.
 */

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_CUSTOMER_PHONE = '+61400000000';
const DEFAULT_SEED = 20_260_101;
/** Fortnights are aligned to this Monday, so the periods do not move as the clock does. */
const FORTNIGHT_ANCHOR: IsoDate = '2024-01-01';
const BASE_LOCATIONS = 6;
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
  const summary = await db.transaction((tx) => seedInto(tx, options, passwordHash, pictures));
  // The history's figures go into the rollups now, not in the server's first fold, which on the
  // embedded database would hold up the first requests.
  await foldRollups(db);
  // The fold left every pending row dead; the next folds would read past them until autovacuum.
  await db.execute(
    sql`VACUUM orders_rollup_pending, order_lines_rollup_pending, stock_orders_rollup_pending, adjustments_rollup_pending`,
  );
  return summary;
}

interface LocationPlan {
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
interface SeedContext {
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
interface SeededMenu {
  vendorRows: (typeof vendors.$inferInsert)[];
  mealRows: (typeof meals.$inferInsert)[];
  brandOfVendor: Map<number, BrandDef>;
  orderVendorsByLocation: Map<number, { vendor: OrderLocation['vendors'][number]; weight: number }[]>;
  stockMealsByLocation: Map<number, StockLocation['meals']>;
}

/** The staff accounts made, and who acts for each location. */
interface SeededStaff {
  accounts: DemoSummary['accounts'];
  adminId: number;
  stockAdminId: number;
  operatorByLocation: Map<number, number>;
  stockUserByLocation: Map<number, number>;
}

/** The customers made, by the location they order from. */
interface SeededCustomers {
  count: number;
  customersByLocation: Map<number, OrderCustomer[]>;
  demoCustomer: OrderCustomer;
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

function seedContext(db: DbOrTx, options: DemoOptions): SeedContext {
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

/** Franchisees and locations. */
async function seedLocations(
  context: SeedContext,
): Promise<{ operatorDefs: OperatorDef[]; plans: LocationPlan[] }> {
  const { db, shape, rngRef, tz, setupAt } = context;
  // --- Franchisees and locations ------------------------------------------------------------
  const extraLocations = shape.locations - BASE_LOCATIONS;
  const operatorDefs: OperatorDef[] = [...OPERATORS];
  for (let i = 0; i < Math.ceil(extraLocations / 4); i++) {
    const base = EXTRA_OPERATOR_NAMES[i % EXTRA_OPERATOR_NAMES.length]!;
    const round = Math.floor(i / EXTRA_OPERATOR_NAMES.length);
    const name = round === 0 ? base : `${base} ${round + 1}`;
    const template = OPERATORS[i % OPERATORS.length]!;
    operatorDefs.push({
      businessName: `${name} Pty Ltd`,
      email: `accounts@${slugify(name).replace(/-/g, '')}.demo.test`,
      abn: `${rngRef.int(10, 99)} ${rngRef.int(100, 999)} ${rngRef.int(100, 999)} ${rngRef.int(100, 999)}`,
      rates: template.rates,
    });
  }
  const operatorRows = operatorDefs.map((o, i) => ({
    id: i + 1,
    businessName: o.businessName,
    email: o.email,
    abn: o.abn,
    inStoreCashRate: o.rates.inStoreCash,
    inStoreCardRate: o.rates.inStoreCard,
    onlinePickupRate: o.rates.onlinePickup,
    onlineDeliveryRate: o.rates.onlineDelivery,
    uberEatsRate: o.rates.uberEats,
    doordashRate: o.rates.doordash,
    deliverooRate: o.rates.deliveroo,
    menulogRate: o.rates.menulog,
    createdAt: setupAt,
  }));
  await insertRows(db, externalOperators, operatorRows);

  const plans: LocationPlan[] = [];
  for (let i = 0; i < shape.locations; i++) {
    const def = i < LOCATIONS.length ? LOCATIONS[i]! : extraLocation(rngRef, i - LOCATIONS.length);
    const brandIndexes =
      i < BRANDS_BY_LOCATION.length
        ? BRANDS_BY_LOCATION[i]!
        : rngRef.sample(
            BRANDS.map((_, b) => b),
            4,
          );
    const lateWeekend = i % 2 === 0;
    const earlySunday = i % 3 === 2;
    plans.push({
      id: i + 1,
      def,
      slug: slugify(def.name),
      operatorId: i < 4 ? 1 : i < 6 ? 2 : 3 + Math.floor((i - 6) / 4),
      brandIndexes,
      closeHour: [22, 22, 22, 22, lateWeekend ? 23 : 22, lateWeekend ? 23 : 22, earlySunday ? 21 : 22],
      factor: i === 0 ? 1.15 : 0.8 + 0.35 * rngRef.next(),
      deliveryCharge: i % 3 === 1 ? '7.50' : '6.50',
      minStockDeliveryCharge: '25.00',
    });
  }
  await insertRows(
    db,
    locations,
    plans.map((p) => ({
      id: p.id,
      name: p.def.name,
      address: p.def.address,
      suburb: p.def.suburb,
      lat: p.def.lat,
      lng: p.def.lng,
      timeZone: tz,
      deliveryDays: p.def.deliveryDays,
      minStockOrder: p.def.minStockOrder,
      minStockDeliveryCharge: p.minStockDeliveryCharge,
      deliveryCharge: p.deliveryCharge,
      openingHours: Object.fromEntries(
        WEEKDAYS.map((day, d) => [day, { open: '11:00', close: `${p.closeHour[d]}:00` }]),
      ),
      squareLocationId: `L${rngRef.chars(12)}`,
      email: `${p.slug}@demo.test`,
      externalOperatorId: p.operatorId,
      isActive: true,
      createdAt: setupAt,
    })),
  );
  return { operatorDefs, plans };
}

/** Kitchens, categories, brands per location, meals, combos, sub items. */
async function seedMenu(context: SeedContext, plans: LocationPlan[]): Promise<SeededMenu> {
  const { db, rngRef, setupAt } = context;
  // --- Menu: kitchens, categories, brands per location, meals, combos, sub items ---------------
  await insertRows(
    db,
    kitchens,
    KITCHENS.map((title, i) => ({ id: i + 1, title })),
  );
  await insertRows(
    db,
    mealCategories,
    CATEGORIES.map((c) => ({ id: c.id, title: c.title })),
  );

  const vendorRows: (typeof vendors.$inferInsert)[] = [];
  const vendorKitchenRows: (typeof vendorKitchens.$inferInsert)[] = [];
  const mealRows: (typeof meals.$inferInsert)[] = [];
  const comboRows: (typeof mealCombos.$inferInsert)[] = [];
  const subitemRows: (typeof mealSubitems.$inferInsert)[] = [];
  const brandSeen = new Set<number>();
  const brandOfVendor = new Map<number, BrandDef>();
  const orderVendorsByLocation = new Map<
    number,
    { vendor: OrderLocation['vendors'][number]; weight: number }[]
  >();
  const stockMealsByLocation = new Map<number, StockLocation['meals']>();
  for (const plan of plans) {
    const orderVendors: { vendor: OrderLocation['vendors'][number]; weight: number }[] = [];
    const stockMeals: StockLocation['meals'] = [];
    for (const brandIndex of plan.brandIndexes) {
      const brand = BRANDS[brandIndex]!;
      const firstOfBrand = !brandSeen.has(brandIndex);
      brandSeen.add(brandIndex);
      const vendorId = vendorRows.length + 1;
      brandOfVendor.set(vendorId, brand);
      vendorRows.push({
        id: vendorId,
        locationId: plan.id,
        title: brand.title,
        address: plan.def.address,
        logo: null,
        image: null,
        description: brand.description,
        isActive: true,
        createdAt: setupAt,
      });
      for (const kitchen of brand.kitchens) {
        vendorKitchenRows.push({ vendorId, kitchenId: KITCHENS.indexOf(kitchen) + 1 });
      }
      const orderMeals: OrderMeal[] = [];
      const mealWeights: number[] = [];
      brand.meals.forEach((def: MealDef, position) => {
        const status = def.status ?? 'Enabled';
        if (status === 'Waiting for review' && !firstOfBrand) return;
        const mealId = mealRows.length + 1;
        mealRows.push({
          id: mealId,
          vendorId,
          categoryId: def.categoryId,
          name: def.name,
          price: def.price,
          description: def.description,
          image: null,
          status,
          createdAt: setupAt,
          updatedAt: setupAt,
        });
        const combos = (def.combos ?? []).map((index) => {
          const [name, price] = brand.combos[index]!;
          comboRows.push({ id: comboRows.length + 1, mealId, name, price, status: 'Enabled' });
          return { name, price: toMills(price), priceText: price };
        });
        for (const name of def.subitems ?? []) {
          subitemRows.push({ id: subitemRows.length + 1, mealId, name, status: 'Enabled' });
        }
        if (def.bundle) stockMeals.push({ id: mealId, bundle: def.bundle });
        if (status === 'Enabled') {
          orderMeals.push({
            id: mealId,
            name: def.name,
            altName: marketplaceSpelling(def.name),
            price: toMills(def.price),
            priceText: def.price,
            combos,
            subitems: [...(def.subitems ?? [])],
          });
          const categoryWeight = def.categoryId === 51 ? 1 : def.categoryId === 55 ? 0.7 : 0.45;
          mealWeights.push((categoryWeight / (1 + 0.25 * position)) * (0.7 + 0.6 * rngRef.next()));
        }
      });
      orderVendors.push({
        vendor: { id: vendorId, meals: orderMeals, mealWeights },
        weight: 0.6 + 0.8 * rngRef.next(),
      });
    }
    orderVendorsByLocation.set(plan.id, orderVendors);
    stockMealsByLocation.set(plan.id, stockMeals);
  }
  await insertRows(db, vendors, vendorRows);
  await insertRows(db, vendorKitchens, vendorKitchenRows);
  await insertRows(db, meals, mealRows);
  await insertRows(db, mealCombos, comboRows);
  await insertRows(db, mealSubitems, subitemRows);
  return { vendorRows, mealRows, brandOfVendor, orderVendorsByLocation, stockMealsByLocation };
}

async function seedHoursAndClosures(
  context: SeedContext,
  plans: LocationPlan[],
  vendorRows: SeededMenu['vendorRows'],
): Promise<void> {
  const { db, tz } = context;
  // --- Hours and closures (docs/kitchen.md): something for the screens to show ----------------
  // Bangkok Street at the first location serves dinner only on weekdays. The browser tests order
  // from that location's first two brands and Seoul Fried, never from this one.
  const dinnerOnly = vendorRows.find((v) => v.locationId === plans[0]!.id && v.title === 'Bangkok Street');
  if (dinnerOnly) {
    const weekdays = new Set(WEEKDAYS.slice(0, 5));
    const closeHour = plans[0]!.closeHour;
    const hours = Object.fromEntries(
      WEEKDAYS.map((day, d) => [
        day,
        { open: weekdays.has(day) ? '17:00' : '11:00', close: `${closeHour[d]}:00` },
      ]),
    );
    await db.update(vendors).set({ openingHours: hours }).where(sql`${vendors.id} = ${dinnerOnly.id!}`);
  }
  await db.insert(locationClosures).values({
    locationId: plans[0]!.id,
    startsAt: zonedInstant('2026-12-25', tz),
    endsAt: zonedInstant('2026-12-26', tz),
    reason: 'Christmas Day',
  });
}

async function seedMarketplaceStores(
  context: SeedContext,
  plans: LocationPlan[],
  vendorRows: SeededMenu['vendorRows'],
): Promise<void> {
  const { db, setupAt } = context;
  // --- Marketplace stores: each brand of each location is a store on every platform -----------
  const storePrefix: Record<MarketplaceChannel, string> = {
    uber_eats: 'ue',
    deliveroo: 'dr',
    doordash: 'dd',
    menulog: 'ml',
  };
  const locationNames = new Map(plans.map((p) => [p.id, p.def.name]));
  await insertRows(
    db,
    marketplaceStores,
    MARKETPLACE_CHANNELS.flatMap((channel) =>
      vendorRows.map((v) => ({
        channel,
        storeId: `${storePrefix[channel]}-${v.locationId}-${v.id}`,
        locationId: v.locationId,
        vendorId: v.id!,
        name: `${v.title} ${locationNames.get(v.locationId)}`,
        createdAt: setupAt,
        updatedAt: setupAt,
      })),
    ),
  );
}

async function seedStaff(
  context: SeedContext,
  plans: LocationPlan[],
  passwordHash: string,
): Promise<SeededStaff> {
  const { db, rngPeople, setupAt } = context;
  // --- Staff ----------------------------------------------------------------------------------
  type StaffRow = typeof staffUsers.$inferInsert;
  const staff: StaffRow[] = [];
  const accounts: DemoSummary['accounts'] = [];
  const addStaff = (row: Omit<StaffRow, 'id' | 'passwordHash' | 'createdAt'>, role: string): number => {
    const id = staff.length + 1;
    staff.push({
      isStockUser: false,
      isStockAdmin: false,
      isSuperAdmin: false,
      isOperator: false,
      isKitchen: false,
      locationId: null,
      externalOperatorId: null,
      isActive: true,
      ...row,
      id,
      email: row.email.toLowerCase(),
      passwordHash,
      createdAt: setupAt,
    });
    accounts.push({ email: row.email.toLowerCase(), role });
    return id;
  };
  const adminId = addStaff(
    {
      email: 'admin@demo.test',
      firstName: 'Alex',
      lastName: 'Admin',
      isSuperAdmin: true,
      isStockAdmin: false,
    },
    'super_admin',
  );
  const mainOperatorId = addStaff(
    {
      email: 'operator@demo.test',
      firstName: 'Olivia',
      lastName: 'Operator',
      isOperator: true,
      locationId: 1,
      externalOperatorId: plans[0]!.operatorId,
    },
    'operator',
  );
  const mainStockUserId = addStaff(
    { email: 'stock@demo.test', firstName: 'Sam', lastName: 'Stock', isStockUser: true, locationId: 1 },
    'stock_user',
  );
  const stockAdminId = addStaff(
    { email: 'stockadmin@demo.test', firstName: 'Stella', lastName: 'Stockadmin', isStockAdmin: true },
    'stock_admin',
  );
  const operatorByLocation = new Map<number, number>([[1, mainOperatorId]]);
  const stockUserByLocation = new Map<number, number>([[1, mainStockUserId]]);
  for (const plan of plans.slice(1)) {
    operatorByLocation.set(
      plan.id,
      addStaff(
        {
          email: `operator${plan.id}@demo.test`,
          firstName: rngPeople.pick(FIRST_NAMES),
          lastName: rngPeople.pick(LAST_NAMES),
          isOperator: true,
          locationId: plan.id,
          externalOperatorId: plan.operatorId,
        },
        'operator',
      ),
    );
    stockUserByLocation.set(
      plan.id,
      addStaff(
        {
          email: `stock${plan.id}@demo.test`,
          firstName: rngPeople.pick(FIRST_NAMES),
          lastName: rngPeople.pick(LAST_NAMES),
          isStockUser: true,
          locationId: plan.id,
        },
        'stock_user',
      ),
    );
  }
  // The kitchen screen of the first location (docs/kitchen.md); listed after the main accounts.
  addStaff(
    { email: 'kitchen@demo.test', firstName: 'Kit', lastName: 'Kitchen', isKitchen: true, locationId: 1 },
    'kitchen',
  );
  accounts.splice(4, 0, accounts.pop()!);
  await insertRows(db, staffUsers, staff);
  return { accounts, adminId, stockAdminId, operatorByLocation, stockUserByLocation };
}

async function seedCustomers(context: SeedContext, plans: LocationPlan[]): Promise<SeededCustomers> {
  const { db, shape, rngPeople, setupAt } = context;
  // --- Customers ------------------------------------------------------------------------------
  const phones = new Set<string>([DEMO_CUSTOMER_PHONE]);
  const customerRows: (typeof customers.$inferInsert)[] = [];
  const customersByLocation = new Map<number, OrderCustomer[]>(plans.map((p) => [p.id, []]));
  const demoAddress = `14 Edwardes Street, Reservoir VIC 3073`;
  customerRows.push({
    id: 1,
    phone: DEMO_CUSTOMER_PHONE,
    username: 'Demo Customer',
    email: 'customer@demo.test',
    address: demoAddress,
    locationId: 1,
    image: null,
    createdAt: setupAt,
  });
  const demoCustomer: OrderCustomer = {
    id: 1,
    name: 'Demo Customer',
    phone: DEMO_CUSTOMER_PHONE,
    email: 'customer@demo.test',
    address: demoAddress,
  };
  for (let id = 2; id <= shape.customers; id++) {
    let phone: string;
    do phone = `+614${rngPeople.chars(8, '0123456789')}`;
    while (phones.has(phone));
    phones.add(phone);
    const plan = plans[(id - 2) % plans.length]!;
    const first = rngPeople.pick(FIRST_NAMES);
    const last = rngPeople.pick(LAST_NAMES);
    const profileDone = rngPeople.chance(0.9);
    const name = profileDone ? `${first} ${last}` : null;
    const email = profileDone ? `${first}.${last}${rngPeople.int(1, 99)}@example.com`.toLowerCase() : null;
    const address = rngPeople.chance(0.85)
      ? `${rngPeople.int(1, 180)} ${rngPeople.pick(plan.def.streets)}, ${plan.def.suburb} VIC ${plan.def.postcode}`
      : null;
    customerRows.push({
      id,
      phone,
      username: name,
      email,
      address,
      locationId: plan.id,
      image: null,
      createdAt: new Date(setupAt.getTime() + rngPeople.int(0, 59) * 86_400_000),
    });
    customersByLocation.get(plan.id)!.push({ id, name, phone, email, address });
  }
  await insertRows(db, customers, customerRows);
  return { count: customerRows.length, customersByLocation, demoCustomer };
}

async function seedContent(
  context: SeedContext,
  plans: LocationPlan[],
  vendorRows: SeededMenu['vendorRows'],
): Promise<void> {
  const { db, rngRef, now, today, firstDay } = context;
  // --- Content: feed, promo codes, kiosks, fortnight periods ------------------------------------
  /** A post about a brand links to that brand's page at the location it names. */
  const brandLink = (brand: { title: string; location: string }) => {
    const plan = plans.find((p) => p.def.name === brand.location);
    const vendor = vendorRows.find((v) => v.locationId === plan?.id && v.title === brand.title);
    if (!vendor?.id) throw new Error(`Feed post about ${brand.title} at ${brand.location}: no such brand`);
    return `/vendor:${vendor.id}`;
  };
  await insertRows(
    db,
    feedPosts,
    FEED_POSTS.map((post, i) => ({
      id: i + 1,
      title: post.title,
      body: post.body,
      image: null,
      link: post.brand ? brandLink(post.brand) : post.link,
      publishedAt: new Date(now.getTime() - post.daysAgo * 86_400_000),
    })),
  );
  await insertRows(db, promoCodes, [
    {
      code: 'WELCOME10',
      description: '10% off your order',
      percentOff: 10,
      amountOff: null,
      minSubTotal: '0.00',
      validFrom: null,
      validUntil: null,
    },
    {
      code: 'FIVEOFF',
      description: '$5 off orders of $25 or more',
      percentOff: null,
      amountOff: '5.00',
      minSubTotal: '25.00',
      validFrom: null,
      validUntil: null,
    },
  ]);

  const kioskRows: (typeof kiosks.$inferInsert)[] = [];
  for (const plan of plans) {
    const count = plan.id === 1 ? 2 : rngRef.chance(0.4) ? 2 : 1;
    for (let k = 1; k <= count; k++) {
      const connected = k === 1 && plan.id % 2 === 1;
      kioskRows.push({
        id: kioskRows.length + 1,
        locationId: plan.id,
        username: `${plan.slug}-kiosk-${k}`,
        phone: `+614${rngRef.chars(8, '0123456789')}`,
        squareTerminalDeviceCode: connected ? rngRef.chars(6, 'ABCDEFGHJKLMNPQRSTUVWXYZ') : '0',
        squareTerminalDeviceId: connected ? `121CS${rngRef.chars(11, '0123456789ABCDEF')}` : '0',
        deviceCodeExpiresAt: null,
      });
    }
  }
  await insertRows(db, kiosks, kioskRows);

  const periodRows: (typeof fortnightPeriods.$inferInsert)[] = [];
  const offset = ((daysBetween(FORTNIGHT_ANCHOR, firstDay) % 14) + 14) % 14;
  for (let start = addDays(firstDay, -offset); start <= today; start = addDays(start, 14)) {
    periodRows.push({ id: periodRows.length + 1, startDate: start, endDate: addDays(start, 13) });
  }
  await insertRows(db, fortnightPeriods, periodRows);
}

async function seedStockHistory(
  context: SeedContext,
  plans: LocationPlan[],
  { stockMealsByLocation }: SeededMenu,
  { stockAdminId, stockUserByLocation }: SeededStaff,
): Promise<Awaited<ReturnType<typeof seedStock>>> {
  const { db, rngStock, now, shape, tz } = context;
  // --- Stock --------------------------------------------------------------------------------
  const stock = await seedStock(db, {
    rng: rngStock,
    now,
    weeks: shape.weeks,
    stockAdminId,
    reminderLocationId: 1,
    locations: plans.map((p) => ({
      id: p.id,
      timeZone: tz,
      deliveryDays: p.def.deliveryDays,
      minStockOrder: p.def.minStockOrder,
      minStockDeliveryCharge: p.minStockDeliveryCharge,
      stockUserId: stockUserByLocation.get(p.id)!,
      meals: stockMealsByLocation.get(p.id)!,
    })),
  });
  return stock;
}

async function seedCustomerOrders(
  context: SeedContext,
  {
    plans,
    operatorDefs,
    menu: { orderVendorsByLocation },
    people: { customersByLocation, demoCustomer },
    staff: { operatorByLocation },
  }: {
    plans: LocationPlan[];
    operatorDefs: OperatorDef[];
    menu: SeededMenu;
    people: SeededCustomers;
    staff: SeededStaff;
  },
): Promise<Awaited<ReturnType<typeof generateOrderHistory>>> {
  const { db, rngOrders, rngPeople, now, tz, today, firstDay, shape } = context;
  // --- Customer orders ------------------------------------------------------------------------
  const orderLocations: OrderLocation[] = plans.map((p) => {
    const op = operatorDefs[p.operatorId - 1]!.rates;
    const rates: Record<SalesChannel, string> = {
      in_store_cash: op.inStoreCash,
      in_store_card: op.inStoreCard,
      online_pickup: op.onlinePickup,
      online_delivery: op.onlineDelivery,
      uber_eats: op.uberEats,
      deliveroo: op.deliveroo,
      doordash: op.doordash,
      menulog: op.menulog,
    };
    const vendorsHere = orderVendorsByLocation.get(p.id)!.filter((v) => v.vendor.meals.length > 0);
    return {
      id: p.id,
      timeZone: tz,
      deliveryCharge: toMills(p.deliveryCharge),
      rates,
      factor: p.factor,
      closeHour: p.closeHour,
      vendors: vendorsHere.map((v) => v.vendor),
      vendorWeights: vendorsHere.map((v) => v.weight),
      customers: customersByLocation.get(p.id)!,
      operatorStaffId: operatorByLocation.get(p.id) ?? null,
    };
  });

  const history = await generateOrderHistory(db, {
    rng: rngOrders,
    now,
    firstDay,
    lastDay: today,
    baseOrdersPerDay: shape.ordersPerLocationDay,
    locations: orderLocations,
    planned: demoCustomerOrders(rngPeople, now, today, tz, demoCustomer),
  });
  return history;
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

async function seedPictures(
  db: DbOrTx,
  { vendorRows, mealRows, brandOfVendor }: SeededMenu,
  pictures: Promise<Map<string, BrandPictures>> | null,
): Promise<void> {
  // --- Pictures: every brand's logo and cover, every meal's picture ---------------------------
  if (pictures) {
    const stored = await pictures;
    const ofVendor = (vendorId: number) => stored.get(brandOfVendor.get(vendorId)!.slug)!;
    await setPictures(
      db,
      vendorRows.map((v) => ({ id: v.id!, logo: ofVendor(v.id!).logo, image: ofVendor(v.id!).cover })),
      mealRows.map((m) => ({ id: m.id!, image: ofVendor(m.vendorId).meals.get(m.name)! })),
    );
  }
}

/** Sets the stored pictures' addresses on the vendors and meals, as their uploads would. */
async function setPictures(
  db: DbOrTx,
  vendorPictures: { id: number; logo: string; image: string }[],
  mealPictures: { id: number; image: string }[],
): Promise<void> {
  const vendorValues = sql.join(
    vendorPictures.map((v) => sql`(${v.id}::int, ${v.logo}::text, ${v.image}::text)`),
    sql`, `,
  );
  await db.execute(
    sql`UPDATE vendors SET logo = p.logo, image = p.image FROM (VALUES ${vendorValues}) AS p(id, logo, image) WHERE vendors.id = p.id`,
  );
  const mealValues = sql.join(
    mealPictures.map((m) => sql`(${m.id}::int, ${m.image}::text)`),
    sql`, `,
  );
  await db.execute(
    sql`UPDATE meals SET image = p.image FROM (VALUES ${mealValues}) AS p(id, image) WHERE meals.id = p.id`,
  );
}

/** The demo customer's own history at Reservoir: pickups and deliveries, one canceled, one live. */
function demoCustomerOrders(
  rng: Random,
  now: Date,
  today: IsoDate,
  timeZone: string,
  customer: OrderCustomer,
): PlannedOrder[] {
  const planned: PlannedOrder[] = [];
  const daysAgo = [1, 4, 9, 16, 27, 41, 63, 95];
  daysAgo.forEach((days, i) => {
    const dinner = i % 2 === 0;
    planned.push({
      locationId: 1,
      placedAt: zonedInstant(addDays(today, -days), timeZone, dinner ? 18 : 12, rng.int(5, 55)),
      channel: i % 3 === 1 ? 'online_delivery' : 'online_pickup',
      customer,
      canceled: days === 27,
    });
  });
  // A live order when the kitchen is open now, so the order status screen has something to show.
  const { hour } = zonedParts(now, timeZone);
  if (hour >= 11 && hour < 21) {
    planned.push({
      locationId: 1,
      placedAt: new Date(now.getTime() - 14 * 60_000),
      channel: 'online_pickup',
      customer,
      canceled: false,
    });
  }
  return planned;
}

function extraLocation(rng: Random, index: number): LocationDef {
  const [suburb, postcode, lat, lng, street] = EXTRA_SUBURBS[index % EXTRA_SUBURBS.length]!;
  const round = Math.floor(index / EXTRA_SUBURBS.length);
  const suffixes = ['', ' North', ' East', ' South', ' West'];
  const name =
    round < suffixes.length ? `${suburb}${suffixes[round]}` : `${suburb} ${round - suffixes.length + 2}`;
  const days = rng.sample(
    ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as Weekday[],
    rng.int(1, 2),
  );
  days.sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b));
  return {
    name,
    address: `${rng.int(1, 400)}, ${street}, ${name}`,
    suburb: name,
    postcode,
    lat: Math.round((lat + (round > 0 ? (rng.next() - 0.5) * 0.02 : 0)) * 10_000) / 10_000,
    lng: Math.round((lng + (round > 0 ? (rng.next() - 0.5) * 0.02 : 0)) * 10_000) / 10_000,
    deliveryDays: days,
    minStockOrder: rng.pick(['250.00', '300.00', '350.00']),
    streets: [street, 'Station Street', 'Railway Parade', 'Park Street', 'Church Street'],
  };
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
