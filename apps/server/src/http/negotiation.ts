import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';

/** The encodings kept catalogue answers are stored in, best first. */
export type Encoding = 'br' | 'gzip';

/** Headers seen, with their choice: a client sends the same few; bounded so none can grow it. */
const choices = new Map<string, string>();
const boundedCache = {
  get: (key: string) => choices.get(key),
  has: (key: string) => choices.has(key),
  set(key: string, value: string) {
    if (choices.size >= 256) choices.clear();
    choices.set(key, value);
    return boundedCache;
  },
};
const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'], cache: boundedCache });

/**
 * The encoding to send for an `Accept-Encoding` header (RFC 9110 §12.5.3: q-values, `*`, `;q=0`
 * refusals), or null for the text as it is.
 */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return null;
  return negotiator.negotiate(value.toLowerCase());
}

/** Adds a field to the answer's `Vary` (a later hook may add its own: never replaced). */
export function appendVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const fields =
    current === undefined
      ? []
      : String(current)
          .split(',')
          .map((f) => f.trim());
  if (fields.some((f) => f.toLowerCase() === field.toLowerCase() || f === '*')) return;
  reply.header('vary', [...fields, field].filter(Boolean).join(', '));
}
