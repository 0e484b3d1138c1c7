import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { locations, marketplaceStores, providerStatus, vendors } from '../../db/schema/index.js';
import type { ProviderCheckTargets } from '../../integrations/provider-checks.js';

/** The provider answered at `at` (a later success already written wins). */
export async function recordProviderSuccess(db: DbOrTx, provider: string, at: Date): Promise<void> {
  await db
    .insert(providerStatus)
    .values({ provider, lastSuccessAt: at })
    .onConflictDoUpdate({
      target: providerStatus.provider,
      set: { lastSuccessAt: sql`greatest(${providerStatus.lastSuccessAt}, excluded.last_success_at)` },
    });
}

/** The provider failed at `at` with `text` (an error already written later wins). */
export async function recordProviderError(
  db: DbOrTx,
  provider: string,
  at: Date,
  text: string,
): Promise<void> {
  await db
    .insert(providerStatus)
    .values({ provider, lastErrorAt: at, lastError: text })
    .onConflictDoUpdate({
      target: providerStatus.provider,
      set: {
        lastErrorAt: sql`greatest(${providerStatus.lastErrorAt}, excluded.last_error_at)`,
        lastError: sql`CASE WHEN ${providerStatus.lastErrorAt} > excluded.last_error_at
          THEN ${providerStatus.lastError} ELSE excluded.last_error END`,
      },
    });
}

export function providerStatusRows(db: DbOrTx) {
  return db.select().from(providerStatus);
}

/** What the go-live check asks the providers about: the mapped stores, and pickup locations' own Square ids. */
export async function providerCheckTargets(db: DbOrTx): Promise<ProviderCheckTargets> {
  const [stores, squareLocations] = await Promise.all([
    db
      .select({
        channel: marketplaceStores.channel,
        storeId: marketplaceStores.storeId,
        location: locations.name,
        brand: vendors.title,
      })
      .from(marketplaceStores)
      .innerJoin(locations, eq(locations.id, marketplaceStores.locationId))
      .leftJoin(vendors, eq(vendors.id, marketplaceStores.vendorId))
      .where(inArray(marketplaceStores.channel, ['uber_eats', 'doordash']))
      .orderBy(asc(marketplaceStores.channel), asc(locations.name), asc(marketplaceStores.storeId)),
    db
      .select({ location: locations.name, squareLocationId: locations.squareLocationId })
      .from(locations)
      .where(and(isNotNull(locations.squareLocationId), eq(locations.isActive, true)))
      .orderBy(asc(locations.name)),
  ]);
  return {
    stores: stores.map((s) => ({ ...s, channel: s.channel as 'uber_eats' | 'doordash' })),
    squareLocations: squareLocations.map((l) => ({
      location: l.location,
      squareLocationId: l.squareLocationId!,
    })),
  };
}
