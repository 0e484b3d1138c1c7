/**
 * Exact money arithmetic. Amounts are held as integer thousandths of a dollar ("mills") so that
 * the spec's roundings (line sub total 2 decimals, line GST 3 decimals, order amounts 2 decimals)
 * are exact. Never multiply floats for money: parse to mills, compute, format back.
 */

export type Mills = number;

const MILLS_PER_DOLLAR = 1000n;

/** Parses a decimal amount ("12.5", 12.5, "-3.125") to exact thousandths; rejects more than 3 decimals. */
export function toMills(value: string | number): Mills {
  const text = typeof value === 'number' ? numberToPlain(value) : value.trim();
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`Not a decimal amount: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > 3 && /[1-9]/.test(fraction.slice(3))) {
    throw new RangeError(`More than 3 decimals: ${text}`);
  }
  const mills = Number(whole) * 1000 + Number(fraction.slice(0, 3).padEnd(3, '0'));
  return sign ? -mills : mills;
}

function numberToPlain(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite amount: ${value}`);
  // toFixed(6) avoids exponent notation; trailing float noise beyond 6 places is cut off.
  return value.toFixed(6).replace(/\.?0+$/, '') || '0';
}

/** Divides `numerator / denominator` rounding half away from zero (as money is rounded by hand). */
function divRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (2n * d);
  return negative ? -q : q;
}

/** Rounds mills to a number of decimals (2 for cents, 3 leaves them as they are). */
export function roundMills(amount: Mills, decimals: 0 | 1 | 2 | 3): Mills {
  const step = 10n ** BigInt(3 - decimals);
  return Number(divRound(BigInt(amount), step) * step);
}

/** price x quantity, exact, then rounded to `decimals`. Quantity may carry up to 3 decimals. */
export function multiply(price: Mills, quantity: number | string, decimals: 0 | 1 | 2 | 3 = 2): Mills {
  const qty = BigInt(toMills(quantity)); // quantity in thousandths
  const raw = BigInt(price) * qty; // mills * thousandths
  const step = 10n ** BigInt(3 - decimals);
  return Number(divRound(raw, MILLS_PER_DOLLAR * step) * step);
}

/** amount x rate (rate as a decimal like "0.1" or 0.0123), rounded to `decimals`. */
export function applyRate(amount: Mills, rate: number | string, decimals: 0 | 1 | 2 | 3 = 2): Mills {
  const [r, scale] = rateToFraction(rate);
  const step = 10n ** BigInt(3 - decimals);
  return Number(divRound(BigInt(amount) * r, scale * step) * step);
}

/** amount / divisor (e.g. gross / 11), rounded to `decimals`. */
export function divide(amount: Mills, divisor: number | string, decimals: 0 | 1 | 2 | 3 = 2): Mills {
  const [d, scale] = rateToFraction(divisor);
  const step = 10n ** BigInt(3 - decimals);
  return Number(divRound(BigInt(amount) * scale, d * step) * step);
}

function rateToFraction(rate: number | string): [bigint, bigint] {
  const text = typeof rate === 'number' ? numberToPlain(rate) : rate.trim();
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`Not a decimal rate: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const scale = 10n ** BigInt(fraction.length);
  const value = BigInt(whole + fraction);
  return [sign ? -value : value, scale];
}

export function sum(amounts: readonly Mills[]): Mills {
  let total = 0;
  for (const a of amounts) total += a;
  return total;
}

/** Mills to a wire number with the given decimals (12500 -> 12.5). */
export function toAmount(amount: Mills, decimals: 2 | 3 = 2): number {
  return Number(toFixedString(roundMills(amount, decimals), decimals));
}

/** Mills to a fixed-decimal string ("12.50"), as stored in numeric columns. */
export function toFixedString(amount: Mills, decimals: 2 | 3 = 2): string {
  const rounded = roundMills(amount, decimals);
  const negative = rounded < 0;
  const abs = Math.abs(rounded);
  const whole = Math.floor(abs / 1000);
  const fraction = String(abs % 1000)
    .padStart(3, '0')
    .slice(0, decimals);
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

const audFormat = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** "$1,234.50" */
export function formatAUD(amount: Mills): string {
  return audFormat.format(Number(toFixedString(amount, 2)));
}
