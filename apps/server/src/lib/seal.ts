import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Sealing a text that carries a secret (a sign-in code) so that the row holding it is useless
 * without APP_SECRET: AES-256-GCM under a key derived from APP_SECRET with HKDF-SHA-256 and a
 * purpose label, so this key is never the one the HMACs of codes and credentials use.
 *
 * Format: `sealed:v1:<iv>.<ciphertext and tag>`, both base64url. The prefix tells a sealed text
 * from a plain one (rows written before sealing, emails), and the version lets a later format be
 * read beside this one.
 *
 * Followed: Node's `crypto.hkdfSync` (RFC 5869)
 * https://nodejs.org/api/crypto.html#cryptohkdfsyncdigest-ikm-salt-info-keylen and
 * `crypto.createCipheriv` in GCM mode with the tag checked by `decipher.final()`
 * https://nodejs.org/api/crypto.html#cryptocreatecipherivalgorithm-key-iv-options. The 12-byte
 * random IV is GCM's recommended length (NIST SP 800-38D, 8.2.2); random IVs stay safe for up to
 * 2^32 texts under one key, far beyond the sign-in codes one secret will ever seal.
 */

const PREFIX = 'sealed:v1:';
/** The HKDF `info`: names what the key is for, so no other use of APP_SECRET derives the same key. */
const PURPOSE = 'kitchaco/outbox-body/v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed text that cannot be opened: another secret, altered, or a format this build does not know. */
export class UnsealError extends Error {
  override name = 'UnsealError';
}

function keyOf(secret: string): Buffer {
  // APP_SECRET is already high-entropy (at least 32 characters), so no salt is needed (RFC 5869, 3.1).
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), PURPOSE, 32));
}

/** Whether `text` is in a sealed format (of any version), as opposed to plain text. */
export function isSealed(text: string): boolean {
  return /^sealed:v\d+:/.test(text);
}

/**
 * Seals `plain` under `secret`. `boundTo` (the recipient) is authenticated with it: a sealed text
 * copied to another row, or a row whose recipient was changed, does not open.
 */
export function seal(secret: string, plain: string, boundTo: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(boundTo, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${iv.toString('base64url')}.${sealed.toString('base64url')}`;
}

/** Opens a text `seal` made with the same secret and `boundTo`; throws `UnsealError` otherwise. */
export function unseal(secret: string, text: string, boundTo: string): string {
  if (!text.startsWith(PREFIX)) {
    throw new UnsealError(
      isSealed(text)
        ? `sealed in a format this release does not know (${text.slice(0, text.indexOf(':', 7) + 1)})`
        : 'not a sealed text',
    );
  }
  const [ivText, sealedText, extra] = text.slice(PREFIX.length).split('.');
  const iv = Buffer.from(ivText ?? '', 'base64url');
  const sealed = Buffer.from(sealedText ?? '', 'base64url');
  if (extra !== undefined || iv.length !== IV_BYTES || sealed.length < TAG_BYTES) {
    throw new UnsealError('damaged: not in the sealed:v1 layout');
  }
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(boundTo, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  try {
    const plain = Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    // GCM cannot tell a wrong key from altered bytes: both fail the tag.
    throw new UnsealError('sealed under another APP_SECRET, or altered');
  }
}
