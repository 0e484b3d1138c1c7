import { createDecipheriv, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSealed, seal, UnsealError, unseal } from './seal.js';

const SECRET = 'a-secret-of-at-least-32-characters-for-tests';
const OTHER = 'another-secret-of-at-least-32-characters-here';
const TEXT = 'Your Kitchaco sign-in code is 4821.';
const TO = '+61400000001';

/** Sealed by this release; a later one must still open it, or codes pending during an upgrade fail. */
const V1_VECTOR =
  'sealed:v1:xVgetTE6UJOp9Lk3.E2AH6WqGsDF3UNc4qJMF-p1A8ppQsroTS3mg5-SBgV0VSncVBgSXl9Y8LW0YYaVeI6-p';

describe('sealing a text', () => {
  it('is sealed:v1 base64url with no trace of the text, different each time, and opens again', () => {
    const a = seal(SECRET, TEXT, TO);
    const b = seal(SECRET, TEXT, TO);
    expect(a).toMatch(/^sealed:v1:[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(a).not.toContain('4821');
    expect(a).not.toBe(b);
    expect(isSealed(a)).toBe(true);
    expect(unseal(SECRET, a, TO)).toBe(TEXT);
    expect(unseal(SECRET, b, TO)).toBe(TEXT);
  });

  it('opens a text sealed by an earlier build, with the documented key: HKDF-SHA-256 of APP_SECRET, AES-256-GCM', () => {
    expect(unseal(SECRET, V1_VECTOR, TO)).toBe(TEXT);
    // The same, by hand from RFC 5869 (empty salt: a string of zeros; info the purpose label).
    const prk = createHmac('sha256', Buffer.alloc(32)).update(SECRET).digest();
    const key = createHmac('sha256', prk)
      .update(Buffer.concat([Buffer.from('kitchaco/outbox-body/v1'), Buffer.from([1])]))
      .digest();
    const [iv, sealed] = V1_VECTOR.slice('sealed:v1:'.length)
      .split('.')
      .map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', key, iv!);
    decipher.setAAD(Buffer.from(TO));
    decipher.setAuthTag(sealed!.subarray(-16));
    expect(Buffer.concat([decipher.update(sealed!.subarray(0, -16)), decipher.final()]).toString()).toBe(
      TEXT,
    );
  });

  it('refuses another secret, another recipient and any altered byte', () => {
    const sealed = seal(SECRET, TEXT, TO);
    expect(() => unseal(OTHER, sealed, TO)).toThrow(
      new UnsealError('sealed under another APP_SECRET, or altered'),
    );
    expect(() => unseal(SECRET, sealed, '+61400000002')).toThrow(UnsealError);
    const body = sealed.slice(sealed.indexOf('.') + 1);
    const flipped = Buffer.from(body, 'base64url');
    flipped[0]! ^= 1;
    expect(() =>
      unseal(SECRET, `${sealed.slice(0, sealed.indexOf('.') + 1)}${flipped.toString('base64url')}`, TO),
    ).toThrow(UnsealError);
  });

  it('tells plain texts, damaged ones and unknown versions apart', () => {
    expect(isSealed(TEXT)).toBe(false);
    expect(isSealed('Attached: your invoice')).toBe(false);
    expect(() => unseal(SECRET, TEXT, TO)).toThrow(new UnsealError('not a sealed text'));
    expect(() => unseal(SECRET, 'sealed:v1:abc', TO)).toThrow(
      new UnsealError('damaged: not in the sealed:v1 layout'),
    );
    expect(() => unseal(SECRET, `${seal(SECRET, TEXT, TO)}.x`, TO)).toThrow(
      new UnsealError('damaged: not in the sealed:v1 layout'),
    );
    expect(isSealed('sealed:v2:abc.def')).toBe(true);
    expect(() => unseal(SECRET, 'sealed:v2:abc.def', TO)).toThrow(
      new UnsealError('sealed in a format this release does not know (sealed:v2:)'),
    );
  });
});
