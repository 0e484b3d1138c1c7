import { customers, staffUsers } from '../db/schema/index.js';
import { insertRows } from './batch.js';
import { FIRST_NAMES, LAST_NAMES } from './catalog.js';
import type { OrderCustomer } from './orders.js';
import {
  DEMO_CUSTOMER_PHONE,
  type DemoSummary,
  type LocationPlan,
  type SeedContext,
  type SeededCustomers,
  type SeededStaff,
} from './seed-context.js';

/** Seeding phases: staff accounts and customers. */

export async function seedStaff(
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

export async function seedCustomers(context: SeedContext, plans: LocationPlan[]): Promise<SeededCustomers> {
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
