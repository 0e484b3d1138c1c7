import { SANDBOX_CARDS, SANDBOX_TOKENS } from '@kitchaco/domain';
import { describe, expect, it } from 'vitest';
import {
  DECLINED_TEST_CARD,
  luhnValid,
  SANDBOX_SUCCESS_CARDS,
  standInToken,
  type TypedCard,
} from './sandbox-cards';

const NOW = new Date('2026-06-15T10:00:00+10:00');
const GOOD: TypedCard = { number: SANDBOX_CARDS.visa, expiry: '12/30', cvv: '111', postalCode: '3000' };
const tokenOf = (patch: Partial<TypedCard>) => standInToken({ ...GOOD, ...patch }, NOW);
const problemsOf = (patch: Partial<TypedCard>) => {
  const result = tokenOf(patch);
  return result.ok ? [] : result.problems.map((p) => p.field);
};

describe("the stand-in gives Square's sandbox tokens for Square's sandbox test values", () => {
  it.each(SANDBOX_SUCCESS_CARDS.map((c) => [c.brand, c] as const))(
    '%s succeeds with any future expiry',
    (_brand, card) => {
      const cvv = card.cvvLength === 4 ? '1111' : '111';
      expect(tokenOf({ number: card.number, cvv })).toEqual({
        ok: true,
        token: SANDBOX_TOKENS.ok,
        brand: card.brand,
      });
    },
  );

  it('accepts the number typed without spaces or with dashes', () => {
    expect(tokenOf({ number: '4111111111111111' })).toMatchObject({ token: SANDBOX_TOKENS.ok });
    expect(tokenOf({ number: '5105-1051-0510-5100' })).toMatchObject({ token: SANDBOX_TOKENS.ok });
  });

  it.each([
    ['the decline card', { number: DECLINED_TEST_CARD }, SANDBOX_TOKENS.declined],
    ['CVV 911', { cvv: SANDBOX_CARDS.declinedCvv }, SANDBOX_TOKENS.rejectedCvv],
    ['postcode 99999', { postalCode: SANDBOX_CARDS.declinedPostalCode }, SANDBOX_TOKENS.rejectedPostalCode],
    ['expiry 01/40', { expiry: SANDBOX_CARDS.declinedExpiry }, SANDBOX_TOKENS.rejectedExpiration],
  ] as const)('%s gives the token Square then refuses', (_name, patch, token) => {
    expect(tokenOf(patch)).toMatchObject({ ok: true, token });
  });

  it('a declined card stays declined whatever else is typed', () => {
    expect(tokenOf({ number: DECLINED_TEST_CARD, cvv: '911' })).toMatchObject({
      token: SANDBOX_TOKENS.declined,
    });
  });
});

describe('the stand-in refuses to tokenize what the SDK would refuse, naming the field', () => {
  it('a number failing the Luhn check', () => {
    expect(problemsOf({ number: '4111 1111 1111 1112' })).toEqual(['cardNumber']);
    expect(tokenOf({ number: '4111 1111 1111 1112' })).toMatchObject({
      ok: false,
      problems: [{ field: 'cardNumber', message: 'Enter a valid card number.' }],
    });
  });

  it('a valid number that is not a test card, so no real card is ever taken for one', () => {
    const result = tokenOf({ number: '4242 4242 4242 4242' });
    expect(result).toMatchObject({ ok: false, problems: [{ field: 'cardNumber' }] });
    expect(result.ok ? '' : result.problems[0]?.message).toMatch(/not a test card/);
  });

  it('a number too short or too long', () => {
    expect(problemsOf({ number: '4111 1111' })).toEqual(['cardNumber']);
    expect(problemsOf({ number: '4111 1111 1111 1111 1111' })).toEqual(['cardNumber']);
    expect(problemsOf({ number: '' })).toEqual(['cardNumber']);
  });

  it('an expiry in the past, this month still being good', () => {
    expect(tokenOf({ expiry: '05/26' })).toMatchObject({
      ok: false,
      problems: [{ field: 'expirationDate', message: 'This card has expired.' }],
    });
    expect(tokenOf({ expiry: '06/26' })).toMatchObject({ ok: true });
  });

  it('an expiry that is not MM/YY', () => {
    expect(problemsOf({ expiry: '13/30' })).toEqual(['expirationDate']);
    expect(problemsOf({ expiry: '1230' })).toEqual(['expirationDate']);
    expect(problemsOf({ expiry: '' })).toEqual(['expirationDate']);
  });

  it('a security code of the wrong length for the brand', () => {
    expect(problemsOf({ cvv: '11' })).toEqual(['cvv']);
    expect(problemsOf({ cvv: '1111' })).toEqual(['cvv']);
    expect(problemsOf({ number: SANDBOX_CARDS.amex, cvv: '111' })).toEqual(['cvv']);
  });

  it('no postcode', () => {
    expect(problemsOf({ postalCode: ' ' })).toEqual(['postalCode']);
  });

  it('every problem at once, in the order of the form', () => {
    expect(standInToken({ number: '1234', expiry: '', cvv: '', postalCode: '' }, NOW)).toMatchObject({
      ok: false,
      problems: [
        { field: 'cardNumber' },
        { field: 'expirationDate' },
        { field: 'cvv' },
        { field: 'postalCode' },
      ],
    });
  });
});

describe('luhnValid', () => {
  it('checks the checksum of card numbers', () => {
    expect(luhnValid('4111 1111 1111 1111')).toBe(true);
    expect(luhnValid(DECLINED_TEST_CARD)).toBe(true);
    expect(luhnValid('4111 1111 1111 1112')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });
});
