import { z } from 'zod';

/** Field schemas the four platforms' payloads share; each message names what is wrong. */

/** An id or name the platform sends: non-empty text, bounded. */
export const idText = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(100, 'is too long (at most 100 characters)');
/** An id some platforms send as a number: kept as text. */
export const idTextOrNumber = z.union([idText, z.number().int().nonnegative().transform(String)]);
export const nameText = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(200, 'is too long (at most 200 characters)');
export const optionalNote = z.string().max(500, 'is too long (at most 500 characters)').nullish();
export const optionalPerson = z.string().max(100, 'is too long (at most 100 characters)').nullish();
export const optionalPhone = z.string().max(40, 'is too long (at most 40 characters)').nullish();

/** An instant with its offset, e.g. 2026-11-18T12:30:00+11:00 or ...Z. */
export const isoInstant = z.iso.datetime({
  offset: true,
  message: 'must be an ISO date-time with an offset, e.g. 2026-11-18T12:30:00+11:00',
});

export const itemQuantity = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(999, 'must be at most 999');

export const modifierQuantity = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(99, 'must be at most 99');

/** Whole cents (Uber Eats, Deliveroo, DoorDash). */
export const cents = z
  .number({ error: 'must be a number of cents' })
  .int('must be a whole number of cents')
  .min(0, 'cannot be negative')
  .max(100_000_000, 'is too large');

/** Dollars with at most 2 decimals (Menulog). */
export const dollars = z
  .number({ error: 'must be an amount in dollars' })
  .min(0, 'cannot be negative')
  .max(1_000_000, 'is too large')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'can have at most 2 decimals');
