import type { StockListItem } from '@kitchaco/domain';

/** An average use: at least 2 decimals, up to 4 (1/16 of a unit is 0.0625). */
export function formatUsage(value: number): string {
  return value.toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
}

/**
 * The words of a recommendation's figures, e.g. "Delivered Monday, lasts until Thursday" and
 * "Mon 3.25 + Tue 2.50 + Wed 4.00 = 9.75 → 10 box (average of the last 16 weeks)". Empty when the
 * stock list sent no figures (a location without delivery days).
 */
export function explainRecommendation(
  item: Pick<StockListItem, 'recommended_order' | 'recommendation' | 'qty_type__qty_type'>,
): { heading: string; sum: string } {
  const figures = item.recommendation;
  if (!figures) return { heading: '', sum: '' };
  const days = figures.covers.map((day) => `${day} ${formatUsage(figures.per_weekday[day] ?? 0)}`);
  const lasts =
    figures.delivery_day === figures.next_delivery_day
      ? `lasts until next ${figures.next_delivery_day}`
      : `lasts until ${figures.next_delivery_day}`;
  return {
    heading: `Delivered ${figures.delivery_day}, ${lasts}`,
    sum: `${days.join(' + ')} = ${formatUsage(figures.total)} → ${item.recommended_order} ${item.qty_type__qty_type} (average of the last ${figures.weeks} weeks)`,
  };
}
