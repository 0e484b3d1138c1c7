import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../api/api-error';
import { paymentFailure, tokenizeFailure } from './payment-errors';

describe('tokenizeFailure: why the card form gave no token, in words a customer understands', () => {
  it('names the fields the form marked, and goes to the first', () => {
    expect(
      tokenizeFailure({
        status: 'Invalid',
        errors: [
          { type: 'ValidationError', field: 'expirationDate', message: 'Expiration date is not valid' },
          { type: 'ValidationError', field: 'cvv', message: 'CVV is not valid' },
          { type: 'ValidationError', field: 'cvv', message: 'CVV is too short' },
        ],
      }),
    ).toEqual({ message: 'Check the expiry date and the security code.', field: 'expirationDate' });
    expect(
      tokenizeFailure({
        status: 'Invalid',
        errors: [
          { type: 'ValidationError', field: 'cardNumber', message: 'x' },
          { type: 'ValidationError', field: 'expirationDate', message: 'x' },
          { type: 'ValidationError', field: 'postalCode', message: 'x' },
        ],
      }).message,
    ).toBe('Check the card number, the expiry date and the postcode.');
  });

  it('asks to check the card when no field is named', () => {
    expect(
      tokenizeFailure({ status: 'Invalid', errors: [{ type: 'ValidationError', message: 'x' }] }),
    ).toEqual({
      message: 'Check your card details.',
      field: null,
    });
  });

  it('says a bank check the customer closed charged nothing', () => {
    for (const status of ['Cancel', 'Abort'] as const) {
      expect(tokenizeFailure({ status }).message).toMatch(/cancelled, so nothing was charged/);
    }
  });

  it("never shows the SDK's own error text", () => {
    const failure = tokenizeFailure({
      status: 'Error',
      errors: [{ type: 'TokenizationError', message: 'Something went wrong: 500 from pci-connect' }],
    });
    expect(failure).toEqual({
      message:
        'Your card could not be checked, so nothing was charged. Please try again, or use another card.',
      field: null,
    });
    expect(tokenizeFailure({ status: 'Unknown' }).message).toBe(failure.message);
  });
});

describe("paymentFailure: the server's answer to Pay, and whether the attempt is over", () => {
  it("a decline shows the server's reason, ends the attempt and is remembered", () => {
    const error = new ApiError(
      402,
      "The card's security code (CVV) was not accepted. Please check it and try again.",
      { reason: 'payment_declined', field: 'payment' },
    );
    expect(paymentFailure(error)).toEqual({
      message: "The card's security code (CVV) was not accepted. Please check it and try again.",
      definitive: true,
      declined: true,
    });
  });

  it('a refused card token shows the message without the field name and ends the attempt', () => {
    const error = new ApiError(
      400,
      'payment.source_id: the card details have expired or were already used. Please enter your card again.',
      { field: 'payment.source_id', reason: 'invalid' },
    );
    expect(paymentFailure(error)).toEqual({
      message: 'The card details have expired or were already used. Please enter your card again.',
      definitive: true,
      declined: false,
    });
    expect(
      paymentFailure(
        new ApiError(400, 'source_id: the card token is required', { field: 'payment.source_id' }),
      ).message,
    ).toBe('The card token is required');
  });

  it('too many attempts: the server says when to try again; nothing is kept', () => {
    const error = new ApiError(429, 'Too many declined payments. Please try again in an hour.', {
      reason: 'rate_limited',
    });
    expect(paymentFailure(error)).toEqual({
      message: 'Too many declined payments. Please try again in an hour.',
      definitive: true,
      declined: false,
    });
  });

  it("an unavailable provider: the server's message, and a retry reuses the attempt", () => {
    const error = new ApiError(
      503,
      'Card payments are unavailable at the moment. Please try again in a few minutes.',
      {
        reason: 'unavailable',
      },
    );
    expect(paymentFailure(error)).toEqual({
      message: 'Card payments are unavailable at the moment. Please try again in a few minutes.',
      definitive: false,
      declined: false,
    });
  });

  it('no answer, a 5xx without our error body, or a 409 leave the outcome unknown: retry the same attempt', () => {
    const unknown = {
      message: 'We could not confirm your payment. Please try again: you will not be charged twice.',
      definitive: false,
      declined: false,
    };
    expect(paymentFailure(new NetworkError(new TypeError('Failed to fetch')))).toEqual(unknown);
    expect(paymentFailure(new ApiError(502, 'Bad Gateway'))).toEqual(unknown);
    expect(paymentFailure(new ApiError(503, 'Service Unavailable'))).toEqual(unknown);
    expect(
      paymentFailure(new ApiError(409, 'This order is still being processed', { reason: 'conflict' })),
    ).toEqual(unknown);
  });

  it('a lost session asks to sign in again', () => {
    expect(paymentFailure(new ApiError(401, 'Unauthorized'))).toEqual({
      message: 'Please sign in again to pay. Nothing was charged.',
      definitive: true,
      declined: false,
    });
  });
});
