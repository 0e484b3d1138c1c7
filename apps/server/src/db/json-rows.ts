import { type Column, getTableColumns, is, SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/** Typed rows as PostgreSQL reads them from JSON: records keyed by column name, and those columns. */
export interface JsonRows {
  /** The columns the rows set, in the table's order. */
  names: string[];
  records: Record<string, unknown>[];
}

/**
 * Typed rows of a Drizzle table as records for `json(b)_populate_record(set)`, keyed by the column
 * names of the table definition (no hand-written column lists). The columns are those any row sets;
 * a row that leaves one of them out gets the column's default from the definition (or NULL when the
 * column is nullable without a default), since a JSON record has no DEFAULT. Dates become ISO
 * instants. `except` names properties written by the statement itself, never taken from the rows.
 */
export function jsonRows<T extends PgTable>(
  table: T,
  rows: readonly T['$inferInsert'][],
  except: readonly string[] = [],
): JsonRows {
  const columns = Object.entries(getTableColumns(table) as Record<string, Column>).filter(
    ([key]) => !except.includes(key),
  );
  const known = new Set(columns.map(([key]) => key));
  const set = new Set<string>();
  for (const row of rows) {
    for (const [key, value] of Object.entries(row as object)) {
      if (value === undefined || except.includes(key)) continue;
      if (!known.has(key)) throw new Error(`${getTableConfig(table).name} has no column for ${key}`);
      set.add(key);
    }
  }
  const fields = columns.filter(([key]) => set.has(key));
  const records = rows.map((row) => {
    const record = row as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, column] of fields) {
      const value = record[key] === undefined ? whenLeftOut(table, column) : record[key];
      out[column.name] = value instanceof Date ? value.toISOString() : value;
    }
    return out;
  });
  return { names: fields.map(([, column]) => column.name), records };
}

function whenLeftOut(table: PgTable, column: Column): unknown {
  if (column.default !== undefined && !is(column.default, SQL)) return column.default;
  if (!column.notNull && !column.hasDefault) return null;
  throw new Error(`${getTableConfig(table).name}: every row of one insert must set ${column.name}`);
}

/** A list of column names, quoted, optionally each prefixed by a row alias (`r."total"`). */
export function columnList(names: readonly string[], alias?: string): SQL {
  const prefix = alias ? `${alias}.` : '';
  return sql.raw(names.map((name) => `${prefix}"${name}"`).join(', '));
}

/** Rows per statement; one JSON parameter carries them all. */
const ROWS_PER_STATEMENT = 2_000;

/**
 * Bulk insert: each chunk of rows travels as one JSON parameter that PostgreSQL expands with
 * json_populate_recordset. PGlite runs in one WebAssembly connection, so one statement per row
 * (or tens of thousands of bind parameters per statement) would be far too slow; this keeps the
 * seed fast on PGlite and on a PostgreSQL server alike. Rows are typed by the Drizzle table.
 */
export async function insertRows<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: T['$inferInsert'][],
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const { names, records } = jsonRows(table, rows.slice(start, start + ROWS_PER_STATEMENT));
    const list = columnList(names);
    await db.execute(
      sql`INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, ${JSON.stringify(records)}::json)`,
    );
  }
}
