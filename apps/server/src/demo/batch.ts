import { sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';

export { insertRows } from '../db/json-rows.js';

/** After inserting explicit ids, moves the table's serial sequence past them so later inserts work. */
export async function resetSequence(db: DbOrTx, table: PgTable): Promise<void> {
  const name = getTableConfig(table).name;
  await db.execute(
    sql.raw(
      `SELECT setval(pg_get_serial_sequence('"${name}"', 'id'), COALESCE((SELECT max(id) FROM "${name}"), 0) + 1, false)`,
    ),
  );
}
