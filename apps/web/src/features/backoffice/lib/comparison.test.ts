import { describe, expect, it } from 'vitest';
import { deltaOf, previousPeriodName } from './comparison';

describe('previousPeriodName', () => {
  it('names the compared period by its length', () => {
    expect(previousPeriodName('2026-11-01', '2026-11-14')).toBe('previous 14 days');
    expect(previousPeriodName('2026-11-01', '2026-11-01')).toBe('previous day');
  });
});

describe('deltaOf', () => {
  it('reads a rise of sales as good news, to one decimal', () => {
    expect(deltaOf(1124, 1000, 'previous 14 days', true)).toEqual({
      text: '+12.4% vs previous 14 days',
      percent: '+12.4%',
      direction: 'up',
      good: true,
    });
  });

  it('reads a rise of canceled orders as bad news', () => {
    expect(deltaOf(15, 10, 'previous day', false)).toEqual({
      text: '+50.0% vs previous day',
      percent: '+50.0%',
      direction: 'up',
      good: false,
    });
  });

  it('a fall, and a figure that is neither good nor bad', () => {
    expect(deltaOf(80, 100, 'previous 7 days', true)).toMatchObject({
      text: '-20.0% vs previous 7 days',
      percent: '-20.0%',
      good: false,
    });
    expect(deltaOf(80, 100, 'previous 7 days', null)).toMatchObject({ direction: 'down', good: null });
  });

  it('no change is flat, whatever the figure', () => {
    expect(deltaOf(100, 100, 'previous day', true)).toEqual({
      text: '0.0% vs previous day',
      percent: '0.0%',
      direction: 'flat',
      good: null,
    });
  });

  it('says nothing when the previous figure was 0 or is missing', () => {
    expect(deltaOf(100, 0, 'previous day', true)).toBeNull();
    expect(deltaOf(100, undefined, 'previous day', true)).toBeNull();
  });
});
