import {
  MARKETPLACE_CHANNELS,
  type MarketplaceChannel,
  WEEKDAYS,
  type Weekday,
  zonedInstant,
} from '@kitchaco/domain';
import { sql } from 'drizzle-orm';
import {
  externalOperators,
  locationClosures,
  locations,
  marketplaceStores,
  vendors,
} from '../db/schema/index.js';
import { insertRows } from './batch.js';
import {
  BRANDS,
  BRANDS_BY_LOCATION,
  EXTRA_OPERATOR_NAMES,
  EXTRA_SUBURBS,
  LOCATIONS,
  type LocationDef,
  OPERATORS,
  type OperatorDef,
} from './catalog.js';
import type { Random } from './random.js';
import {
  BASE_LOCATIONS,
  type LocationPlan,
  type SeedContext,
  type SeededMenu,
  slugify,
} from './seed-context.js';

/** Seeding phases: franchisees and locations, their hours and closures, their marketplace stores. */

/** Franchisees and locations. */
export async function seedLocations(
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

export async function seedHoursAndClosures(
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

export async function seedMarketplaceStores(
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
