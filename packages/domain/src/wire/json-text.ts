import type { z } from 'zod';

/**
 * A JSON text read against a schema, as plain data (it crosses to and from a worker thread for a
 * large webhook body: no class instance survives that): JSON that does not parse (the parser's
 * message), a value the schema refuses (zod's issues, without the input they were about), or the
 * schema's output.
 */
export type JsonTextRead<T> =
  | { ok: false; syntax: string }
  | { ok: false; issues: Omit<z.core.$ZodIssue, 'input'>[] }
  | { ok: true; value: T };

export function readJsonText<T>(
  text: string,
  read: (
    json: unknown,
  ) => { success: true; data: T } | { success: false; error: { issues: z.core.$ZodIssue[] } },
): JsonTextRead<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, syntax: error instanceof Error ? error.message : String(error) };
  }
  const parsed = read(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, issues: parsed.error.issues.map(({ input: _input, ...issue }) => issue) };
}
