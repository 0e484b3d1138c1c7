import { getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';

/** Rows per statement; one JSON parameter carries them all. */
const ROWS_PER_STATEMENT = 2_000;

/**
 * Bulk insert: each chunk of rows travels as one JSON parameter that PostgreSQL expands with
 * json_populate_recordset. PGlite runs in one WebAssembly connection, so one statement per row
 * (or tens of thousands of bind parameters per statement) would be far too slow; this keeps the
 * seed fast on PGlite and on a PostgreSQL server alike. Rows are typed by the Drizzle table, and
 * every row of one call must set the same properties (the first row names the columns).
 */
export async function insertRows<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0] as object);
  for (const row of rows) {
    const own = Object.keys(row as object);
    if (own.length !== keys.length || own.some((k) => !keys.includes(k))) {
      throw new Error(`${getTableConfig(table).name}: every row of one insert must set the same columns`);
    }
  }
  const fields = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableConfig(table).name} has no column for ${key}`);
    return { key, name: column.name };
  });
  const columnList = sql.raw(fields.map((f) => `"${f.name}"`).join(', '));
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT).map((row) => {
      const record = row as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const f of fields) {
        const value = record[f.key];
        out[f.name] = value instanceof Date ? value.toISOString() : value === undefined ? null : value;
      }
      return out;
    });
    await db.execute(
      sql`INSERT INTO ${table} (${columnList}) SELECT ${columnList} FROM json_populate_recordset(NULL::${table}, ${JSON.stringify(chunk)}::json)`,
    );
  }
}

/** After inserting explicit ids, moves the table's serial sequence past them so later inserts work. */
export async function resetSequence(db: DbOrTx, table: PgTable): Promise<void> {
  const name = getTableConfig(table).name;
  await db.execute(
    sql.raw(
      `SELECT setval(pg_get_serial_sequence('"${name}"', 'id'), COALESCE((SELECT max(id) FROM "${name}"), 0) + 1, false)`,
    ),
  );
}
