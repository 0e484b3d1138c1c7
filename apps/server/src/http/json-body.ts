import type { JsonTextRead } from '@kitchaco/domain';
import { z } from 'zod';
import { fromZod, invalid } from './errors.js';
import { findUnsafeText, mayHoldUnsafeText } from './input-guard.js';

/* Reading a request's JSON body: parsed, an object, and free of text the database cannot keep. */

/** Refuses text the database cannot keep (NUL, lone surrogates) with a 400 naming the field. */
export function refuseUnsafeText(value: unknown, prefix?: string): void {
  const found = findUnsafeText(value, prefix ? [prefix] : []);
  if (found) throw invalid(`${found.field}: ${found.reason}`, found.field);
}

export function asObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw invalid('The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

/**
 * A body's JSON, checked for text PostgreSQL cannot store. Up to 1 MiB (webhooks): parsing
 * takes about 1 ms a MiB, and the walk for unsafe text runs only when the text has an escape that
 * could hide some, so the event loop is held a few milliseconds at most (docs/performance.md,
 * "Large webhook bodies"; a worker thread would cost more, copying the parsed value back).
 */
export function parseCheckedJson(bytes: Buffer): unknown {
  if (bytes.length === 0) throw invalid('The request body is empty: a JSON object is expected.');
  const text = bytes.toString('utf8');
  const value = parseJsonText(text);
  if (mayHoldUnsafeText(text)) refuseUnsafeText(value);
  return value;
}

export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof SyntaxError ? `: ${error.message.slice(0, 120)}` : '';
    throw invalid(`The request body is not valid JSON${reason}`);
  }
}

/**
 * A body read from its text elsewhere (a worker thread, lib/off-thread.ts): its value, or the 400 the
 * same body read in place gets (JSON, then text the database cannot keep, then the schema's first
 * issue, naming its field).
 */
export function valueOfRead<T>(read: JsonTextRead<T>, text: string): T {
  if (!read.ok && 'syntax' in read)
    throw invalid(`The request body is not valid JSON: ${read.syntax.slice(0, 120)}`);
  if (mayHoldUnsafeText(text)) refuseUnsafeText(JSON.parse(text));
  if (!read.ok) throw fromZod(new z.ZodError(read.issues as z.core.$ZodIssue[]));
  return read.value;
}
