import type { CsvRecord } from './csv-parse.js';

/**
 * Finds a report's columns by their headings: the heading row among the opening rows (a report may
 * open with a row describing its columns), then each wanted column by its name or the platform's
 * other spellings, in any order, case and spacing ignored. Shared by the order exports
 * (csv-import.ts) and the payout reports (payout-import.ts).
 */

/** A report's heading row is looked for among its first rows (Uber Eats puts a description row first). */
const HEADING_SEARCH_ROWS = 10;

export const headingKey = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

export interface ColumnHeadings {
  /** The name a report writes, then its other spellings (by region or report version). */
  names: readonly string[];
  /** A missing required column refuses the file; a missing optional one reads as blank cells. */
  required: boolean;
}

/**
 * A column by all the headings it is read under, for messages: `"Marketplace Fee" (or "Uber Total
 * Service Fee")`, so a refused file says what would have been accepted.
 */
export function headingsInWords(names: readonly string[]): string {
  const [first, ...others] = names;
  if (others.length === 0) return `"${first}"`;
  return `"${first}" (or ${others.map((n) => `"${n}"`).join(', ')})`;
}

export type LocatedColumns<F extends string> =
  | {
      ok: true;
      /** The rows below the heading. */
      records: CsvRecord[];
      /** Where each found column is; an optional column not in the file is absent. */
      index: Partial<Record<F, number>>;
      headingLine: number;
    }
  | { ok: false; headingLine: number; missing: F[] };

export function locateColumns<F extends string>(
  records: CsvRecord[],
  columns: Record<F, ColumnHeadings>,
  /** The columns whose headings together identify the heading row. */
  anchors: readonly F[],
): LocatedColumns<F> {
  const wanted = anchors.map((f) => columns[f].names.map(headingKey));
  const found = records.slice(0, HEADING_SEARCH_ROWS).findIndex((r) => {
    const keys = new Set(r.cells.map(headingKey));
    return wanted.every((names) => names.some((n) => keys.has(n)));
  });
  const headingAt = Math.max(found, 0);
  const heading = records[headingAt];
  const headingLine = heading?.line ?? 1;
  const positions = new Map((heading?.cells ?? []).map((cell, i) => [headingKey(cell), i] as const));
  const index: Partial<Record<F, number>> = {};
  const missing: F[] = [];
  for (const field of Object.keys(columns) as F[]) {
    const at = columns[field].names.map((n) => positions.get(headingKey(n))).find((i) => i !== undefined);
    if (at !== undefined) index[field] = at;
    else if (columns[field].required) missing.push(field);
  }
  if (missing.length > 0) return { ok: false, headingLine, missing };
  return { ok: true, records: records.slice(headingAt + 1), index, headingLine };
}
