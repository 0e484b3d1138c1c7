import { formatAUD, toMills } from '@kitchaco/domain';
import type * as q from './stock.queries.js';
import { priceResolved, type ResolvedLine } from './stock-lines.js';
/** Stands for a new order's number in its email until the statement writing both gives it. */
export const ORDER_ID_MARK = '\u0001order\u0001';

export function orderEmailBody(
  intro: string,
  location: q.LocationRow,
  order: q.StockOrderRow,
  lines: ResolvedLine[],
): string {
  const priced = priceResolved(lines).lines;
  const rows = lines.map(
    (l, i) =>
      `  ${l.item.name}: ${l.qty} ${l.unit.qtyType} x ${formatAUD(toMills(l.item.price))} = ${formatAUD(priced[i]!.subTotal)}`,
  );
  const extra = [];
  if (toMills(order.deliveryCharge) !== 0)
    extra.push(`Below min order fee: ${formatAUD(toMills(order.deliveryCharge))}`);
  if (toMills(order.adminAdjustment) !== 0)
    extra.push(`Admin adjustment: ${formatAUD(toMills(order.adminAdjustment))}`);
  return [
    intro,
    '',
    `Location: ${location.address}`,
    `Stock order #${order.id}`,
    '',
    ...rows,
    '',
    `Sub total: ${formatAUD(toMills(order.subTotal))}`,
    `GST: ${formatAUD(toMills(order.gst))}`,
    ...extra,
    `Total: ${formatAUD(toMills(order.total))}`,
  ].join('\n');
}

/** The stock users' email when their order is disapproved, with the admin's reason if any. */
export function disapprovedEmailBody(orderId: number, location: q.LocationRow, reason: string): string {
  return [
    `Your stock order #${orderId} for ${location.address} was disapproved.`,
    reason ? `Reason: ${reason}` : 'No reason was given.',
    '',
    'Please place a new order from the stock ordering page if you still need stock.',
  ].join('\n');
}
