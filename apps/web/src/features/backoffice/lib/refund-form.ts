import { refundRequest, toFixedString, toMills } from '@kitchaco/domain';
import { aud } from '../../../components/amounts';

export interface RefundFormValues {
  /** As the amount field holds it: a number, or '' while empty. */
  amount: number | string;
  reason: string;
}

/** A domain message names its field first ("reason: please say why"): the field is on screen. */
function withoutField(message: string, field: string): string {
  const text = message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function millsOf(value: number | string): number | null {
  try {
    return toMills(value);
  } catch {
    return null;
  }
}

/** The amount field's problem: not an amount in dollars and cents, or more than is left to refund. */
export function refundAmountError(value: number | string, refundable: number): string | null {
  const parsed = refundRequest.shape.amount.safeParse(value === '' ? undefined : value);
  if (!parsed.success) return `Enter an amount from $0.01 to ${aud(refundable)}, in dollars and cents.`;
  const mills = millsOf(parsed.data);
  if (mills === null || mills > toMills(refundable)) {
    // The server's own words for the same rule.
    return `At most ${aud(refundable)} can still be refunded on this order.`;
  }
  return null;
}

/** The reason field's problem, with the same rule (and words) as the server. */
export function refundReasonError(value: string): string | null {
  const parsed = refundRequest.shape.reason.safeParse(value);
  return parsed.success ? null : withoutField(parsed.error.issues[0]?.message ?? 'Required', 'reason');
}

/**
 * The form's values as the refund request (checked by the same schema as the server's). `vendorId`:
 * the brand of the item chosen with one click, while the amount is still that item's.
 */
export function toRefundRequest(orderId: number, values: RefundFormValues, vendorId: number | null = null) {
  const mills = millsOf(values.amount);
  return refundRequest.parse({
    order_id: orderId,
    amount: mills === null ? values.amount : toFixedString(mills),
    reason: values.reason,
    ...(vendorId === null ? {} : { vendor_id: vendorId }),
  });
}
