import {
  DEFAULT_TIME_ZONE,
  formatWireDate,
  formatWireTime,
  localDate,
  type PaymentFlag,
} from '@kitchaco/domain';

/** An ISO instant as the back office writes times: "31 Jan 2026 02:30 PM", on the business's clock. */
export function businessTime(iso: string): string {
  const at = new Date(iso);
  return `${formatWireDate(localDate(at, DEFAULT_TIME_ZONE))} ${formatWireTime(at, DEFAULT_TIME_ZONE)}`;
}

const relative = new Intl.RelativeTimeFormat('en-AU', { numeric: 'auto' });

/** "2 minutes ago", "yesterday": how long ago `iso` was, in the largest whole unit. */
export function timeAgo(iso: string, now: number): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** 40 ms -> "under a second", 1234 ms -> "1.2 s", 95 000 ms -> "1 min 35 s". */
export function duration(ms: number): string {
  if (ms < 1000) return 'under a second';
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** A card payment's status in the back office's words: the order details' labels. */
export { paymentStatusLabel } from '../../../lib/payment-labels';

/** "order #12", or the provider's payment when no order claims it. */
export function flagSubject(flag: PaymentFlag): string {
  return flag.order_id ? `order #${flag.order_id}` : `payment ${flag.provider_payment_id ?? flag.payment_id}`;
}
