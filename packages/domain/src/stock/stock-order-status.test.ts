import { describe, expect, it } from 'vitest';
import { STOCK_ORDER_STATUSES } from '../constants.js';
import {
  canMove,
  canStockOrderStatusChange,
  isDecided,
  roleMayMove,
  STOCK_ORDER_STATUS_LABELS,
  STOCK_ORDER_TRANSITIONS,
} from './stock-order-status.js';

describe('stock order status', () => {
  it('has transitions and a label for every status of the database enum', () => {
    expect(Object.keys(STOCK_ORDER_TRANSITIONS).sort()).toEqual([...STOCK_ORDER_STATUSES].sort());
    expect(Object.keys(STOCK_ORDER_STATUS_LABELS).sort()).toEqual([...STOCK_ORDER_STATUSES].sort());
  });

  it.each([
    ['pending', 'pending', true],
    ['pending', 'approved', true],
    ['pending', 'disapproved', true],
    ['approved', 'pending', false],
    ['approved', 'disapproved', false],
    ['approved', 'approved', false],
    ['disapproved', 'pending', false],
    ['disapproved', 'approved', false],
    ['disapproved', 'disapproved', false],
  ] as const)('%s to %s: %s', (from, to, allowed) => {
    expect(canStockOrderStatusChange(from, to)).toBe(allowed);
  });

  it('allows editing, approving and disapproving only a pending order', () => {
    for (const move of ['edit', 'approve', 'disapprove'] as const) {
      expect(canMove('pending', move)).toBe(true);
      expect(canMove('approved', move)).toBe(false);
      expect(canMove('disapproved', move)).toBe(false);
    }
  });

  it('decides once: approved and disapproved are final', () => {
    expect(isDecided('pending')).toBe(false);
    expect(isDecided('approved')).toBe(true);
    expect(isDecided('disapproved')).toBe(true);
  });

  it('lets the location edit and the stock admins decide', () => {
    expect(roleMayMove(['stock_user'], 'edit')).toBe(true);
    expect(roleMayMove(['operator'], 'edit')).toBe(true);
    expect(roleMayMove(['stock_admin'], 'edit')).toBe(false);
    expect(roleMayMove(['stock_admin'], 'approve')).toBe(true);
    expect(roleMayMove(['super_admin'], 'disapprove')).toBe(true);
    expect(roleMayMove(['stock_user', 'operator'], 'approve')).toBe(false);
    expect(roleMayMove(['kitchen'], 'disapprove')).toBe(false);
    expect(roleMayMove([], 'edit')).toBe(false);
  });
});
