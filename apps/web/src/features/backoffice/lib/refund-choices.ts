import {
  type AdminOrder,
  divide,
  MARKETPLACE_CHANNELS,
  type SalesChannel,
  toAmount,
  toMills,
} from '@kitchaco/domain';

/** A one-click amount of the refund form: an item of a line, a whole line, the delivery charge. */
export interface RefundChoice {
  label: string;
  amount: number;
  /** The brand of the line, so the refund counts against that brand's sales; null for the order's charges. */
  vendorId: number | null;
}

const MARKETPLACE = new Set<SalesChannel>(MARKETPLACE_CHANNELS);

/** Channels whose orders may have a card payment through the platform (not cash, not a marketplace). */
export function mayHaveCardPayment(channel: SalesChannel): boolean {
  return channel !== 'in_store_cash' && !MARKETPLACE.has(channel);
}

/**
 * The amounts an admin usually refunds when something was missing: one item of a line (price and
 * extras), the whole line, the delivery charge. Only those that can still be refunded, each once.
 * A line's refund names the line's brand, so the brand's reports carry it.
 */
export function refundChoices(order: AdminOrder, refundable: number): RefundChoice[] {
  const limit = toMills(refundable);
  const choices: RefundChoice[] = [];
  const seen = new Set<string>();
  const add = (label: string, mills: number, vendorId: number | null) => {
    if (mills <= 0 || mills > limit || seen.has(label)) return;
    seen.add(label);
    choices.push({ label, amount: toAmount(mills), vendorId });
  };
  for (const line of order.meal_list) {
    const name = line.meal__name || line.meal_name;
    const total = toMills(line.sub_total);
    if (line.quantity > 1) {
      add(`1 × ${name}`, divide(total, line.quantity), line.vendor_id);
      add(`${line.quantity} × ${name}`, total, line.vendor_id);
    } else {
      add(name, total, line.vendor_id);
    }
  }
  if (order.delivery_charge > 0) add('Delivery charge', toMills(order.delivery_charge), null);
  return choices;
}
