import { and, asc, eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import { DEMO_DELIVEROO_CLIENT, DEMO_DOORDASH, DEMO_UBER_EATS_CLIENT_ID } from '../config.js';
import type { Db } from '../db/client.js';
import { marketplaceStores, meals } from '../db/schema/index.js';
import { startFakeDeliveroo } from '../fakes/deliveroo.js';
import { startFakeDoordash } from '../fakes/doordash.js';
import { audMoney, startFakeUberEats, type UberOrderDocument } from '../fakes/uber-eats.js';

/** The demo's Uber Eats store whose orders the stand-in makes up (docs/marketplaces.md). */
export const DEMO_UBER_STORE = 'ue-1-1';

/**
 * The demo's stand-ins for the marketplaces' APIs, as the local test provider stands in for Square:
 * with the demo credentials (outside production only; production refuses them), the Uber Eats,
 * DoorDash and Deliveroo calls go to the fakes of their APIs (`src/fakes`, built from the platforms'
 * docs) in this process, so a webhook sent to the demo is fetched, stored and accepted (Uber Eats),
 * confirmed (DoorDash) or reported with its sync status (Deliveroo) as it would be for real. Uber's
 * fake makes up any order it is asked for: one of the first two meals of the brand of store
 * `ue-1-1`, at that store. Real credentials: no stand-in.
 */
export async function startDemoMarketplaces(
  config: Config,
  db: Db,
  /** The time the stand-ins check tokens against (the server's clock). */
  now: () => Date = () => new Date(),
): Promise<{ config: Config; stop(): Promise<void>; notes: string[] }> {
  const stops: (() => Promise<void>)[] = [];
  const notes: string[] = [];
  if (!config.demo || config.env === 'production') return { config, stop: async () => {}, notes };
  let next = config;
  if (config.uberEats?.clientId === DEMO_UBER_EATS_CLIENT_ID) {
    const menu = await demoMenu(db, DEMO_UBER_STORE);
    const uber = await startFakeUberEats({
      clientId: config.uberEats.clientId,
      clientSecret: config.uberEats.clientSecret,
      unknownOrder: (id) => (menu.length ? demoUberOrder(id, menu) : null),
    });
    stops.push(() => uber.close());
    next = { ...next, uberEats: { ...config.uberEats, apiUrl: uber.url, authUrl: uber.authUrl } };
    notes.push(`Uber Eats API: the demo's stand-in at ${uber.url} (orders of store ${DEMO_UBER_STORE})`);
  }
  if (config.doordash?.developerId === DEMO_DOORDASH.developerId) {
    const doordash = await startFakeDoordash({
      developerId: config.doordash.developerId,
      keyId: config.doordash.keyId,
      signingSecret: config.doordash.signingSecret,
      now,
    });
    stops.push(() => doordash.close());
    next = { ...next, doordash: { ...config.doordash, apiUrl: doordash.url } };
    notes.push(`DoorDash API: the demo's stand-in at ${doordash.url}`);
  }
  if (config.deliveroo?.clientId === DEMO_DELIVEROO_CLIENT.clientId) {
    const deliveroo = await startFakeDeliveroo({
      clientId: config.deliveroo.clientId,
      clientSecret: config.deliveroo.clientSecret,
      now,
    });
    stops.push(() => deliveroo.close());
    next = { ...next, deliveroo: { ...config.deliveroo, apiUrl: deliveroo.url, authUrl: deliveroo.authUrl } };
    notes.push(`Deliveroo API (sync status): the demo's stand-in at ${deliveroo.url}`);
  }
  return { config: next, stop: async () => void (await Promise.all(stops.map((s) => s()))), notes };
}

interface DemoMeal {
  name: string;
  cents: number;
}

/** The first two enabled meals of the brand a store is mapped to. */
async function demoMenu(db: Db, storeId: string): Promise<DemoMeal[]> {
  const [store] = await db
    .select({ vendorId: marketplaceStores.vendorId })
    .from(marketplaceStores)
    .where(and(eq(marketplaceStores.channel, 'uber_eats'), eq(marketplaceStores.storeId, storeId)));
  if (!store?.vendorId) return [];
  const rows = await db
    .select({ name: meals.name, price: meals.price })
    .from(meals)
    .where(and(eq(meals.vendorId, store.vendorId), eq(meals.status, 'Enabled')))
    .orderBy(asc(meals.id))
    .limit(2);
  return rows.map((m) => ({ name: m.name, cents: Math.round(Number(m.price) * 100) }));
}

/** An order as Uber's Get Order Details answers it: one of each demo meal. */
function demoUberOrder(id: string, menu: DemoMeal[]): UberOrderDocument {
  const total = menu.reduce((sum, m) => sum + m.cents, 0);
  return {
    id,
    display_id: id.slice(0, 5).toUpperCase(),
    current_state: 'CREATED',
    type: 'PICK_UP',
    store: { id: DEMO_UBER_STORE },
    eater: { first_name: 'Demo', phone: '+61 400 000 000' },
    cart: {
      items: menu.map((m, i) => ({
        id: `demo-${i}`,
        title: m.name,
        quantity: 1,
        price: { unit_price: audMoney(m.cents), total_price: audMoney(m.cents) },
      })),
    },
    payment: { charges: { total: audMoney(total), sub_total: audMoney(total) } },
    placed_at: new Date().toISOString(),
  };
}
