import type { DbOrTx } from '../../db/client.js';
import { countEvents, lockKey, recordEvent } from './auth.queries.js';

/**
 * Counts one event of `bucket` for `key` when fewer than `limit` happened since `since`, and says
 * whether it was counted. The key is locked for the transaction, so two requests at the same moment
 * cannot both take the last place.
 */
export async function takeRateLimitSlot(
  tx: DbOrTx,
  bucket: string,
  key: string,
  { limit, since, now }: { limit: number; since: Date; now: Date },
): Promise<boolean> {
  await lockKey(tx, `${bucket}:${key}`);
  if ((await countEvents(tx, bucket, key, since)) >= limit) return false;
  await recordEvent(tx, bucket, key, now);
  return true;
}
