import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { providerStatus } from '../../db/schema/index.js';

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
