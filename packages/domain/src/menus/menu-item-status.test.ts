import { describe, expect, it } from 'vitest';
import { MEAL_STATUSES } from '../constants.js';
import {
  canMealStatusChange,
  changeWaitsApart,
  isOnSale,
  MEAL_STATUS_ORDER,
  REVIEW_DECISION_OUTCOMES,
  REVIEW_DECISIONS,
  savedStatus,
  statusChoices,
} from './menu-item-status.js';

describe('menu item status', () => {
  it('lets a super admin make any move', () => {
    for (const from of MEAL_STATUSES) {
      for (const to of MEAL_STATUSES) expect(canMealStatusChange(from, to, 'admin')).toBe(true);
    }
  });

  it('lets an operator only send for review, or keep a live item live', () => {
    const allowed = MEAL_STATUSES.flatMap((from) =>
      MEAL_STATUSES.filter((to) => canMealStatusChange(from, to, 'operator')).map((to) => `${from} -> ${to}`),
    );
    expect(allowed).toEqual([
      'Enabled -> Enabled',
      'Enabled -> Waiting for review',
      'Disabled -> Waiting for review',
      'Waiting for review -> Waiting for review',
      'Rejected -> Waiting for review',
    ]);
  });

  it('writes the super admin’s choice and makes an operator’s wait', () => {
    expect(savedStatus('admin', 'Disabled')).toBe('Disabled');
    for (const s of MEAL_STATUSES) expect(savedStatus('operator', s)).toBe('Waiting for review');
  });

  it('keeps an operator’s change of a live item apart, nothing else', () => {
    expect(changeWaitsApart('operator', 'Enabled')).toBe(true);
    expect(changeWaitsApart('operator', 'Disabled')).toBe(false);
    expect(changeWaitsApart('admin', 'Enabled')).toBe(false);
    expect(MEAL_STATUSES.filter(isOnSale)).toEqual(['Enabled']);
  });

  it('decides a review as approved or rejected, in words', () => {
    expect(REVIEW_DECISIONS.map((d) => [d, REVIEW_DECISION_OUTCOMES[d]])).toEqual([
      ['Enabled', { words: 'approved', change: 'approved' }],
      ['Rejected', { words: 'rejected', change: 'rejected' }],
      ['Disabled', { words: 'rejected and disabled', change: 'rejected' }],
    ]);
    for (const d of REVIEW_DECISIONS)
      expect(canMealStatusChange('Waiting for review', d, 'admin')).toBe(true);
  });

  it('offers each form the statuses its editor may choose', () => {
    expect(statusChoices('operator', true)).toEqual(['Waiting for review']);
    expect(statusChoices('operator', false)).toEqual(['Waiting for review']);
    expect(statusChoices('admin', true)).toEqual(['Enabled', 'Disabled']);
    expect(statusChoices('admin', false)).toEqual(MEAL_STATUSES);
    for (const editor of ['admin', 'operator'] as const) {
      for (const s of statusChoices(editor, false))
        expect(canMealStatusChange('Disabled', s, editor)).toBe(true);
    }
  });

  it('orders Enabled first and Disabled last', () => {
    expect([...MEAL_STATUSES].sort((a, b) => MEAL_STATUS_ORDER[a] - MEAL_STATUS_ORDER[b])).toEqual([
      'Enabled',
      'Waiting for review',
      'Rejected',
      'Disabled',
    ]);
  });
});
