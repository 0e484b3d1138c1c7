import {
  addDays,
  type IsoDate,
  type SalesChannel,
  toMills,
  zonedInstant,
  zonedParts,
} from '@kitchaco/domain';
import type { OperatorDef } from './catalog.js';
import { generateOrderHistory, type OrderCustomer, type OrderLocation, type PlannedOrder } from './orders.js';
import type { Random } from './random.js';
import type { LocationPlan, SeedContext, SeededCustomers, SeededMenu, SeededStaff } from './seed-context.js';

/** Seeding phase: the customers' orders, the demo customer's own among them. */

export async function seedCustomerOrders(
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
