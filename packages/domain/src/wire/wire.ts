import { z } from 'zod';

/** The largest PostgreSQL `integer`: every id and count the database keeps fits in it. */
export const MAX_INT32 = 2_147_483_647;

/** A whole number in `min`..`max` (at most PostgreSQL's integer), as a request field. */
export const wholeNumber = (min: number, max = MAX_INT32) => z.number().int().min(min).max(max);

/** A database id in a request: a positive whole number that fits PostgreSQL's integer. */
export const dbId = wholeNumber(1);

/** A location choice in a request: 0 means all locations, -1 none chosen yet (operators' default). */
export const locationChoice = (min: 0 | -1) => wholeNumber(min);

/** A database id in a path or query string ("/customers/12/"). */
export const dbIdText = z.coerce.number().int().positive().max(MAX_INT32);
