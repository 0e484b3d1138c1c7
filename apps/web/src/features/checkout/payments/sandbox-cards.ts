import { SANDBOX_CARDS, SANDBOX_TOKENS } from '@kitchaco/domain';
import type { CardField } from './web-payments-sdk';

/**
 * What the demo's stand-in of Square's card form (./test-card-sdk.ts) makes of what was typed: the
 * one-time token Square's sandbox would give for the same test values, or the problems the SDK's
 * form would point out instead of tokenizing. Square's sandbox test values
 * (https://developer.squareup.com/docs/devtools/sandbox/payments):
 * - "Card-not-present success state values": the cards below, with any future expiry;
 * - "error state values": CVV 911, postal code 99999 and expiry 01/40 give a token whose payment
 *   Square then refuses (CVV, postal code, expiration).
 * Square documents no card number that is declined; 4000 0000 0000 0002 plays that part here.
 */

export interface TypedCard {
  number: string;
  /** MM/YY */
  expiry: string;
  cvv: string;
  postalCode: string;
}

export interface FieldProblem {
  field: CardField;
  message: string;
}

export type StandInResult =
  | { ok: true; token: string; brand: string }
  | { ok: false; problems: FieldProblem[] };

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** Square's sandbox cards by brand: CVV length as the brand prints it. */
export const SANDBOX_SUCCESS_CARDS: { brand: string; number: string; cvvLength: 3 | 4 }[] = [
  { brand: 'VISA', number: SANDBOX_CARDS.visa, cvvLength: 3 },
  { brand: 'MASTERCARD', number: SANDBOX_CARDS.mastercard, cvvLength: 3 },
  { brand: 'DISCOVER', number: '6011 0000 0000 0004', cvvLength: 3 },
  { brand: 'DISCOVER_DINERS', number: '3000 000000 0004', cvvLength: 3 },
  { brand: 'JCB', number: '3569 9900 1009 5841', cvvLength: 3 },
  { brand: 'AMERICAN_EXPRESS', number: SANDBOX_CARDS.amex, cvvLength: 4 },
  // UnionPay numbers need not pass the Luhn check, and Square's test one does not.
  { brand: 'CHINA_UNIONPAY', number: '6222 9888 1234 0000', cvvLength: 3 },
];

/** The card the stand-in declines (a Luhn-valid Visa number no real card has). */
export const DECLINED_TEST_CARD = '4000 0000 0000 0002';

/** The Luhn checksum every card number of the major brands carries. */
export function luhnValid(number: string): boolean {
  const digits = digitsOf(number);
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    total += digit;
  }
  return digits.length > 0 && total % 10 === 0;
}

/** "04/27" -> the end of April 2027, or null when it is not a month. */
function expiryEnd(expiry: string): Date | null {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry.trim());
  if (!match) return null;
  return new Date(2000 + Number(match[2]), Number(match[1]), 1);
}

/**
 * The card as Square's sandbox sees it: the field problems the form shows without tokenizing
 * (a number that fails the Luhn check or is not a test card, a past or malformed expiry, a short
 * security code, no postcode), else the token of its documented outcome.
 */
export function standInToken(card: TypedCard, now: Date): StandInResult {
  const number = digitsOf(card.number);
  const known = SANDBOX_SUCCESS_CARDS.find((c) => digitsOf(c.number) === number);
  const declined = number === digitsOf(DECLINED_TEST_CARD);
  const problems: FieldProblem[] = [];

  if (number.length < 12 || number.length > 19 || (!known && !luhnValid(number))) {
    problems.push({ field: 'cardNumber', message: 'Enter a valid card number.' });
  } else if (!known && !declined) {
    problems.push({
      field: 'cardNumber',
      message: `This is not a test card. Test payments take test cards only, such as ${SANDBOX_CARDS.visa}.`,
    });
  }
  const end = expiryEnd(card.expiry);
  if (!end) problems.push({ field: 'expirationDate', message: 'Enter the expiry date as MM/YY.' });
  else if (end.getTime() <= now.getTime()) {
    problems.push({ field: 'expirationDate', message: 'This card has expired.' });
  }
  const cvvLength = known?.cvvLength ?? 3;
  if (digitsOf(card.cvv).length !== cvvLength || card.cvv.trim().length !== cvvLength) {
    problems.push({ field: 'cvv', message: `Enter the ${cvvLength}-digit security code.` });
  }
  if (!/^[A-Za-z0-9 -]{3,10}$/.test(card.postalCode.trim())) {
    problems.push({ field: 'postalCode', message: 'Enter the postcode of the card.' });
  }
  if (problems.length > 0) return { ok: false, problems };

  const brand = known?.brand ?? 'VISA';
  if (declined) return { ok: true, token: SANDBOX_TOKENS.declined, brand };
  if (card.cvv.trim() === SANDBOX_CARDS.declinedCvv)
    return { ok: true, token: SANDBOX_TOKENS.rejectedCvv, brand };
  if (card.postalCode.trim() === SANDBOX_CARDS.declinedPostalCode) {
    return { ok: true, token: SANDBOX_TOKENS.rejectedPostalCode, brand };
  }
  if (card.expiry.trim() === SANDBOX_CARDS.declinedExpiry) {
    return { ok: true, token: SANDBOX_TOKENS.rejectedExpiration, brand };
  }
  return { ok: true, token: SANDBOX_TOKENS.ok, brand };
}
