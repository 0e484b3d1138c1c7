import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** An opaque bearer token; only its SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newSmsCode(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

/** A 4-digit code has 10,000 values, so a plain hash would be reversible: key it with the app secret. */
export function hmac(secret: string, ...parts: string[]): string {
  return createHmac('sha256', secret).update(parts.join('\u0000')).digest('hex');
}

export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * argon2id with OWASP's minimum (m = 19 MiB, t = 2, p = 1). @node-rs/argon2 hashes on its own
 * thread pool, so verifying never blocks the event loop.
 */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the email is unknown so timing reveals nothing. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/** Letters and digits that cannot be mistaken for one another when read aloud or copied by hand. */
const READABLE = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A random password a person can pass on: four groups of five readable characters
 * (`k7Pqz-…`, about 115 bits). Each character is drawn without bias (bytes past the last whole
 * multiple of the alphabet's size are thrown away).
 */
export function newReadablePassword(groups = 4, size = 5): string {
  const limit = 256 - (256 % READABLE.length);
  const chars: string[] = [];
  while (chars.length < groups * size) {
    for (const byte of randomBytes(groups * size * 2)) {
      if (byte < limit && chars.length < groups * size) chars.push(READABLE[byte % READABLE.length]!);
    }
  }
  const parts: string[] = [];
  for (let i = 0; i < groups; i += 1) parts.push(chars.slice(i * size, (i + 1) * size).join(''));
  return parts.join('-');
}
