import type { DbOrTx } from '../../db/client.js';
import { contactMessages } from '../../db/schema/index.js';

export async function insertContactMessage(
  db: DbOrTx,
  row: typeof contactMessages.$inferInsert,
): Promise<void> {
  await db.insert(contactMessages).values(row);
}
