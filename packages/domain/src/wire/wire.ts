import { z } from 'zod';
import { type Mills, toMills } from '../money/money.js';

/**
 * Request fields as existing clients send them (docs/api.md, "Compatibility"): the old web and
 * mobile clients send ids from URLs and `<select>`s as text (`orderId: "122"`, `kitchaco: "1"`),
 * amounts from `toFixed` as text (`sub_total: "797.82"`), and optional texts as `null`. These
 * helpers accept those forms, refuse anything that is not a number, and keep amounts exact (text
 * is parsed to mills, never through a float).
 */

/** The largest PostgreSQL `integer`: every id and count the database keeps fits in it. */
export const MAX_INT32 = 2_147_483_647;

const WHOLE_TEXT = /^\s*[-+]?\d+\s*$/;
const DECIMAL_TEXT = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/;

/** A number, or the text of one matching `pattern` (then read as that number). */
const numeric = (pattern: RegExp, what: string) =>
  z.union(
    [
      z.number(),
      z
        .string()
        .regex(pattern, `must be ${what}`)
        .transform((t) => Number(t.trim())),
    ],
    {
      error: `must be ${what}`,
    },
  );

/** A whole number in `min`..`max` (at most PostgreSQL's integer): a JSON number or its text. */
export const wholeNumber = (min: number, max = MAX_INT32) =>
  numeric(WHOLE_TEXT, 'a whole number').pipe(
    z.number().int('must be a whole number').min(min).max(max, 'is too large'),
  );

/** A database id in a request: a positive whole number that fits PostgreSQL's integer. */
export const dbId = wholeNumber(1);

/** A location choice in a request: 0 means all locations, -1 none chosen yet (operators' default). */
export const locationChoice = (min: 0 | -1) => wholeNumber(min);

/** A database id in a path or query string ("/customers/12/"). */
export const dbIdText = dbId;

/** A number with decimals (a quantity): a JSON number or its text. */
export const decimalNumber = () =>
  numeric(DECIMAL_TEXT, 'a number').pipe(z.number().finite('must be a number'));

/** Plain decimal text of a finite number (no exponent): what `toMills` reads exactly. */
function plain(value: number): string {
  return value.toFixed(6).replace(/\.?0+$/, '') || '0';
}

/**
 * An amount of money in a request: a JSON number, or its text as `toFixed` gives it. The result is
 * the amount as decimal text ("797.82"), which `toMills` reads exactly; at most `decimals` places
 * (3 by default) and, whatever the limits, within a trillion.
 */
export const amount = (limits: { min?: number; max?: number; decimals?: 2 | 3 } = {}) => {
  const decimals = limits.decimals ?? 3;
  return z
    .union(
      [z.number().finite().min(-1e12).max(1e12), z.string().max(24).regex(DECIMAL_TEXT, 'must be an amount')],
      { error: 'must be an amount' },
    )
    .transform((v, ctx) => {
      const text = typeof v === 'number' ? plain(v) : canonical(v);
      const mills = millsOf(text);
      if (mills === null || (decimals === 2 && mills % 10 !== 0)) {
        ctx.addIssue({ code: 'custom', message: `can have at most ${decimals} decimals` });
        return z.NEVER;
      }
      if (limits.min !== undefined && mills < limits.min * 1000) {
        ctx.addIssue({ code: 'custom', message: `must be at least ${limits.min}` });
        return z.NEVER;
      }
      if (limits.max !== undefined && mills > limits.max * 1000) {
        ctx.addIssue({ code: 'custom', message: `must be at most ${limits.max}` });
        return z.NEVER;
      }
      return text;
    });
};

/** "+.5" -> "0.5", "-.5" -> "-0.5", "12." -> "12": the text `toMills` reads. */
function canonical(text: string): string {
  return text
    .trim()
    .replace(/^\+/, '')
    .replace(/^(-?)\./, '$10.')
    .replace(/\.$/, '');
}

function millsOf(text: string): Mills | null {
  try {
    return toMills(text);
  } catch {
    return null;
  }
}

/** A free text old clients send as `null` (or leave out) when empty: then `fallback`. */
export const textOrNull = (max: number, fallback = '') =>
  z
    .string({ error: 'must be text' })
    .nullable()
    .optional()
    .transform((v) => v ?? fallback)
    .pipe(z.string().trim().max(max, `is at most ${max} characters`));
