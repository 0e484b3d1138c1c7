import { WEEKDAYS } from '@kitchaco/domain';
import type { Db } from '../db/client.js';
import {
  customers,
  externalOperators,
  kitchens,
  locations,
  mealCombos,
  mealSubitems,
  meals,
  staffUsers,
  stockListItems,
  stockUnits,
  vendorKitchens,
  vendors,
} from '../db/schema/index.js';
import { hashPassword } from '../modules/auth/secrets.js';

export const TEST_PASSWORD = 'correct horse battery staple';
let passwordHash: Promise<string> | null = null;

let seq = 0;
const next = () => ++seq;

export async function createLocation(db: Db, overrides: Partial<typeof locations.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(locations)
    .values({
      name: `Suburb ${n}`,
      address: `${n}, Test Street, Suburb ${n}`,
      suburb: `Suburb ${n}`,
      lat: -37.8,
      lng: 144.9,
      deliveryDays: ['Monday', 'Thursday'],
      minStockOrder: '300.00',
      minStockDeliveryCharge: '25.00',
      deliveryCharge: '6.50',
      openingHours: Object.fromEntries(WEEKDAYS.map((d) => [d, { open: '00:00', close: '24:00' }])),
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createExternalOperator(
  db: Db,
  overrides: Partial<typeof externalOperators.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(externalOperators)
    .values({ businessName: `Operator ${n} Pty Ltd`, email: `franchise${n}@example.test`, ...overrides })
    .returning();
  return row!;
}

export type Role = 'stock_user' | 'operator' | 'stock_admin' | 'super_admin' | 'kitchen' | 'none';

export async function createStaff(
  db: Db,
  role: Role,
  overrides: Partial<typeof staffUsers.$inferInsert> = {},
) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const n = next();
  const [row] = await db
    .insert(staffUsers)
    .values({
      email: `${role.replace('_', '')}${n}@example.test`,
      passwordHash: await passwordHash,
      firstName: 'Test',
      lastName: `User${n}`,
      isStockUser: role === 'stock_user',
      isOperator: role === 'operator',
      isStockAdmin: role === 'stock_admin',
      isSuperAdmin: role === 'super_admin',
      isKitchen: role === 'kitchen',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createCustomer(db: Db, overrides: Partial<typeof customers.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(customers)
    .values({ phone: `+6141${String(n).padStart(7, '0')}`, ...overrides })
    .returning();
  return row!;
}

export async function createKitchen(db: Db, title = `Kitchen ${next()}`) {
  const [row] = await db.insert(kitchens).values({ title }).returning();
  return row!;
}

export async function createVendor(
  db: Db,
  locationId: number,
  overrides: Partial<typeof vendors.$inferInsert> = {},
  kitchenIds: number[] = [],
) {
  const [row] = await db
    .insert(vendors)
    .values({ locationId, title: `Brand ${next()}`, ...overrides })
    .returning();
  if (kitchenIds.length)
    await db.insert(vendorKitchens).values(kitchenIds.map((kitchenId) => ({ vendorId: row!.id, kitchenId })));
  return row!;
}

type MealStatus = (typeof meals.$inferInsert)['status'];

/** A meal with combos (name, price, status) and sub-items (name, status). */
export async function createMeal(
  db: Db,
  vendorId: number,
  overrides: Partial<typeof meals.$inferInsert> = {},
  extras: {
    combos?: { name: string; price: string; status?: MealStatus }[];
    subitems?: { name: string; status?: MealStatus }[];
  } = {},
) {
  const [meal] = await db
    .insert(meals)
    .values({ vendorId, name: `Meal ${next()}`, price: '10.00', ...overrides })
    .returning();
  const combos = extras.combos?.length
    ? await db
        .insert(mealCombos)
        .values(extras.combos.map((c) => ({ mealId: meal!.id, ...c })))
        .returning()
    : [];
  const subitems = extras.subitems?.length
    ? await db
        .insert(mealSubitems)
        .values(extras.subitems.map((s) => ({ mealId: meal!.id, ...s })))
        .returning()
    : [];
  return { meal: meal!, combos, subitems };
}

export async function createStockUnit(db: Db, wholeUnits = true) {
  const [row] = await db
    .insert(stockUnits)
    .values({ qtyType: `unit ${next()}`, wholeUnits })
    .returning();
  return row!;
}

/** A stock list item of a location (price 10.00, GST, par 5) in a fresh whole unit unless given. */
export async function createStockItem(
  db: Db,
  locationId: number,
  overrides: Partial<typeof stockListItems.$inferInsert> = {},
) {
  const unitId = overrides.unitId ?? (await createStockUnit(db)).id;
  const [row] = await db
    .insert(stockListItems)
    .values({ locationId, name: `Stock item ${next()}`, unitId, price: '10.00', par: '5', ...overrides })
    .returning();
  return row!;
}
