import { describe, expect, it } from 'vitest';
import { DASHBOARD_METRICS, deltaOf, metricDelta, previousPeriodName } from './comparison';

describe('previousPeriodName', () => {
  it('names the compared period by its length', () => {
    expect(previousPeriodName('2026-11-01', '2026-11-14')).toBe('previous 14 days');
    expect(previousPeriodName('2026-11-01', '2026-11-01')).toBe('previous day');
  });
});

describe('deltaOf', () => {
  it('reads a rise of sales as good news, to one decimal', () => {
    expect(deltaOf(1124, 1000, 'previous 14 days', 'higher')).toEqual({
      text: '+12.4% vs previous 14 days',
      percent: '+12.4%',
      direction: 'up',
      good: true,
    });
  });

  it('reads a rise of canceled orders as bad news', () => {
    expect(deltaOf(15, 10, 'previous day', 'lower')).toEqual({
      text: '+50.0% vs previous day',
      percent: '+50.0%',
      direction: 'up',
      good: false,
    });
  });

  it('a fall, and a figure that is neither good nor bad', () => {
    expect(deltaOf(80, 100, 'previous 7 days', 'higher')).toMatchObject({
      text: '-20.0% vs previous 7 days',
      percent: '-20.0%',
      good: false,
    });
    expect(deltaOf(80, 100, 'previous 7 days', null)).toMatchObject({ direction: 'down', good: null });
  });

  it('no change is flat, whatever the figure', () => {
    expect(deltaOf(100, 100, 'previous day', 'higher')).toEqual({
      text: '0.0% vs previous day',
      percent: '0.0%',
      direction: 'flat',
      good: null,
    });
  });

  it('says nothing when the previous figure was 0 or is missing', () => {
    expect(deltaOf(100, 0, 'previous day', 'higher')).toBeNull();
    expect(deltaOf(100, undefined, 'previous day', 'higher')).toBeNull();
  });
});

describe('which way is good news, a property of each dashboard metric', () => {
  it('a lower-is-better figure: a decrease is good (green), an increase bad (red)', () => {
    expect(deltaOf(8, 10, 'previous day', 'lower')).toMatchObject({ direction: 'down', good: true });
    expect(deltaOf(12, 10, 'previous day', 'lower')).toMatchObject({ direction: 'up', good: false });
  });

  it('card refunds are lower-is-better: a drop in refunds reads as a fall, and is good news', () => {
    expect(DASHBOARD_METRICS.card_refunds.better).toBe('lower');
    // Refunds come negative: -$100.00 refunded before, -$50.00 now, is half the refunds.
    expect(metricDelta(DASHBOARD_METRICS.card_refunds, -50, -100, 'previous 7 days')).toEqual({
      text: '-50.0% vs previous 7 days',
      percent: '-50.0%',
      direction: 'down',
      good: true,
    });
    expect(metricDelta(DASHBOARD_METRICS.card_refunds, -150, -100, 'previous 7 days')).toMatchObject({
      percent: '+50.0%',
      direction: 'up',
      good: false,
    });
  });

  it('canceled orders are lower-is-better, sales and orders higher-is-better, stock sent neither', () => {
    expect(metricDelta(DASHBOARD_METRICS.num_canceled_orders, 3, 6, 'previous day')).toMatchObject({
      good: true,
    });
    expect(metricDelta(DASHBOARD_METRICS.total_sales, 900, 1000, 'previous day')).toMatchObject({
      good: false,
    });
    expect(metricDelta(DASHBOARD_METRICS.num_orders, 12, 10, 'previous day')).toMatchObject({ good: true });
    expect(metricDelta(DASHBOARD_METRICS.total_stock_sent, 12, 10, 'previous day')).toMatchObject({
      good: null,
    });
  });
});
