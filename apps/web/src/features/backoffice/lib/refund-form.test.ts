import { describe, expect, it } from 'vitest';
import { refundAmountError, refundReasonError, toRefundRequest } from './refund-form';

describe('refund form', () => {
  it('takes an amount in dollars and cents up to what can still be refunded', () => {
    expect(refundAmountError(12.5, 32.8)).toBeNull();
    expect(refundAmountError(32.8, 32.8)).toBeNull();
    expect(refundAmountError('', 32.8)).toBe('Enter an amount from $0.01 to $32.80, in dollars and cents.');
    expect(refundAmountError(0, 32.8)).toBe('Enter an amount from $0.01 to $32.80, in dollars and cents.');
    expect(refundAmountError(1.005, 32.8)).toBe(
      'Enter an amount from $0.01 to $32.80, in dollars and cents.',
    );
    expect(refundAmountError(32.81, 32.8)).toBe('At most $32.80 can still be refunded on this order.');
  });

  it('asks for a reason with the server’s words', () => {
    expect(refundReasonError('Missing fries')).toBeNull();
    expect(refundReasonError('  ')).toBe('Please say why the order is refunded');
  });

  it('sends the amount as exact text', () => {
    expect(toRefundRequest(7, { amount: 12.5, reason: ' Missing fries ' })).toEqual({
      order_id: 7,
      amount: '12.50',
      reason: 'Missing fries',
    });
    expect(toRefundRequest(7, { amount: 6.5, reason: 'Missing fries' }, 4)).toEqual({
      order_id: 7,
      amount: '6.50',
      reason: 'Missing fries',
      vendor_id: 4,
    });
  });
});
