/**
 * An audit entry's before and after, field by field (docs/audit.md): the values are JSON as the
 * server recorded them, usually objects of the changed record's fields.
 */
export interface FieldChange {
  field: string;
  /** Undefined: the field was not there. */
  before: unknown;
  after: unknown;
  changed: boolean;
}

/** The name of the one row shown when a side is not an object (a list, a number, nothing). */
export const WHOLE_VALUE = 'Value';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON with every object's keys sorted, so equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    isRecord(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b;
  return canonical(a) === canonical(b);
}

/**
 * Before and after side by side: one row per field of either object (before's order, then fields
 * only after has), each marked changed when its values differ. An entry that recorded only one
 * side (a creation, a removal) shows that side against nothing; a side that is not an object is
 * one row, WHOLE_VALUE.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const b = before ?? undefined;
  const a = after ?? undefined;
  if ((b === undefined || isRecord(b)) && (a === undefined || isRecord(a)) && (b || a)) {
    const fields = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
    return fields.map((field) => {
      const was = b?.[field];
      const is = a?.[field];
      return { field, before: was, after: is, changed: !sameValue(was, is) };
    });
  }
  if (b === undefined && a === undefined) return [];
  return [{ field: WHOLE_VALUE, before: b, after: a, changed: !sameValue(b, a) }];
}

/** Longest text a value is shown with before it is cut (the CSV keeps it whole). */
export const MAX_VALUE_TEXT = 300;

/**
 * A value compactly on one line: texts as they are, nested objects and lists as compact JSON
 * (cut at MAX_VALUE_TEXT), and `null` spelt out. Undefined (the field was not there) is null here;
 * the screen shows a dash.
 */
export function compactValue(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value === 'string') return value;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE_TEXT ? `${text.slice(0, MAX_VALUE_TEXT - 1)}…` : text;
}
