import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/**
 * Reads of the orders ledger by location window (the back office's order lists, finance's stock
 * and platform orders): each location restricted to a window: [start, end) instants of the chosen calendar dates in that location's own time
 * zone. The windows are joined as a VALUES list so each location's range uses the
 * (location_id, placed_at) index.
 */
export interface LocationWindow {
  id: number;
  name: string;
  timeZone: string;
  start: Date;
  end: Date;
}

export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export function windowsTable(windows: readonly LocationWindow[]): SQL {
  const [first] = windows;
  const start = first?.start.getTime();
  const end = first?.end.getTime();
  if (first && windows.every((w) => w.start.getTime() === start && w.end.getTime() === end)) {
    // One window for every location (one time zone): a handful of parameters however many
    // locations there are, rather than five per location.
    return sql`(SELECT l.id AS location_id, ${first.start.toISOString()}::timestamptz AS start_at,
        ${first.end.toISOString()}::timestamptz AS end_at, l.time_zone AS tz, l.name AS name
      FROM locations l WHERE l.id = ANY(${`{${windows.map((w) => w.id).join(',')}}`}::int[])) AS w`;
  }
  const values = windows.map(
    (w) =>
      sql`(${w.id}::int, ${w.start.toISOString()}::timestamptz, ${w.end.toISOString()}::timestamptz, ${w.timeZone}::text, ${w.name}::text)`,
  );
  return sql`(VALUES ${sql.join(values, sql`, `)}) AS w(location_id, start_at, end_at, tz, name)`;
}

export const inWindow = sql`o.location_id = w.location_id AND o.placed_at >= w.start_at AND o.placed_at < w.end_at`;
