import type { Db } from '../db/client.js';
import { customers, externalOperators, locations, staffUsers } from '../db/schema/index.js';
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

export type Role = 'stock_user' | 'operator' | 'stock_admin' | 'super_admin' | 'none';

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
