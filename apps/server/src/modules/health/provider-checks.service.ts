import type { AdminProviderCheckResponse } from '@kitchaco/domain';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { allReady, checkProviders } from '../../integrations/provider-checks.js';
import { providerCheckTargets } from './health.queries.js';

/** The go-live check with these settings and this database's store mappings (docs/go-live.md). */
export async function runProviderCheck(
  config: Config,
  db: DbOrTx,
  now: Date,
  options: { timeoutMs?: number } = {},
): Promise<AdminProviderCheckResponse> {
  const providers = await checkProviders(config, await providerCheckTargets(db), options);
  return { success: true, checked_at: now.toISOString(), ready: allReady(providers), providers };
}

/** `admin_provider_check`: the same check from the health page, for super admins. */
export function adminProviderCheck(app: AppContext): Promise<AdminProviderCheckResponse> {
  return runProviderCheck(app.config, app.db, app.clock.now());
}
