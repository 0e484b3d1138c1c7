/**
 * A chart axis tick in whole dollars, thousands as k, the sign before the dollar as every amount is
 * written ("-$2.5k", as aud writes "-$2,500.00"; never "$-2.5k"): $0, $500, $12k, -$400.
 */
export function axisMoney(value: number): string {
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  const digits = size >= 1000 ? `${Number((size / 1000).toFixed(1))}k` : String(Math.round(size));
  return digits === '0' ? '$0' : `${sign}$${digits}`;
}
