import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_HEADERS } from '@kitchaco/domain';
import type { z } from 'zod';
import type { SignedChannel } from '../config.js';

/**
 * How Uber Eats and Deliveroo sign their order notifications: an HMAC-SHA256 with the shared secret
 * over the exact body bytes (Deliveroo prefixes its sequence guid and a space), sent in a header as
 * hex. docs/marketplaces.md has the openssl recipe of each. DoorDash signs nothing: it sends a
 * bearer token, checked by doordashWebhookAuthorized (integrations/doordash.ts).
 */
interface SignatureScheme {
  /** The request headers the scheme reads (lower case). */
  headers: z.ZodType<Record<string, string | undefined>>;
  /** The bytes the platform signs. */
  message(rawBody: Buffer, headers: Record<string, string | undefined>): Buffer | null;
  /** The MAC the request carries, decoded; null when absent or not in the scheme's encoding. */
  given(headers: Record<string, string | undefined>): Buffer | null;
  /** The header value for a MAC (what the platform would send). */
  encode(mac: Buffer): Record<string, string>;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

const hexIn = (name: string) => (headers: Record<string, string | undefined>) => {
  const value = headers[name]?.trim();
  return value && HEX_SHA256.test(value) ? Buffer.from(value, 'hex') : null;
};

export const SIGNATURES: Record<SignedChannel, SignatureScheme> = {
  uber_eats: {
    headers: WEBHOOK_HEADERS.uber_eats,
    message: (rawBody) => rawBody,
    given: hexIn('x-uber-signature'),
    encode: (mac) => ({ 'x-uber-signature': mac.toString('hex') }),
  },
  deliveroo: {
    headers: WEBHOOK_HEADERS.deliveroo,
    message: (rawBody, headers) => {
      const guid = headers['x-deliveroo-sequence-guid']?.trim();
      return guid ? Buffer.concat([Buffer.from(`${guid} `, 'utf8'), rawBody]) : null;
    },
    given: hexIn('x-deliveroo-hmac-sha256'),
    encode: (mac) => ({ 'x-deliveroo-hmac-sha256': mac.toString('hex') }),
  },
};

const hmac = (secret: string, message: Buffer) => createHmac('sha256', secret).update(message).digest();

/** True when the request carries the platform's signature of these exact bytes. */
export function signatureMatches(
  channel: SignedChannel,
  secret: string,
  rawBody: Buffer,
  headers: Record<string, string | undefined>,
): boolean {
  const scheme = SIGNATURES[channel];
  const message = scheme.message(rawBody, headers);
  const given = scheme.given(headers);
  if (!message || !given) return false;
  const expected = hmac(secret, message);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The headers a platform would send with this body: what the local tools and tests use to deliver
 * a signed notification. Deliveroo's needs its sequence guid.
 */
export function signatureHeaders(
  channel: SignedChannel,
  secret: string,
  rawBody: Buffer | string,
  sequenceGuid = 'local-sequence-guid',
): Record<string, string> {
  const bytes = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  const extra: Record<string, string> =
    channel === 'deliveroo' ? { 'x-deliveroo-sequence-guid': sequenceGuid } : {};
  const message = SIGNATURES[channel].message(bytes, extra)!;
  return { ...extra, ...SIGNATURES[channel].encode(hmac(secret, message)) };
}
