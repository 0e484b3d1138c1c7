import {
  type CustomerOrder,
  formatWireDate,
  formatWireTime,
  localDate,
  type OrderType,
  toAmount,
  toMills,
} from '@kitchaco/domain';
import type { orderLines, orders } from '../../db/schema/index.js';

const amount = (v: string) => toAmount(toMills(v));

export function orderTypeOf(channel: (typeof orders.$inferSelect)['channel']): OrderType {
  return channel === 'online_delivery' ? 'delivery' : 'pickup';
}

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

/** What a customer is shown of an order: as read back, or as about to be written at checkout. */
export function presentCustomerOrder(
  order: Pick<
    OrderRow,
    | 'id'
    | 'status'
    | 'placedAt'
    | 'locationId'
    | 'channel'
    | 'scheduledFor'
    | 'deliveryLocation'
    | 'subTotal'
    | 'deliveryCharge'
    | 'discount'
    | 'total'
    | 'gst'
    | 'transactionCharge'
    | 'paymentReceiptNumber'
  >,
  locationAddress: string,
  timeZone: string,
  lines: {
    line: Pick<
      LineRow,
      'mealName' | 'quantity' | 'unitPrice' | 'subitem' | 'combos' | 'specialRequest' | 'lineTotal'
    >;
    vendorTitle: string | null;
  }[],
): CustomerOrder {
  return {
    id: order.id,
    status: order.status,
    order_date: formatWireDate(localDate(order.placedAt, timeZone)),
    order_time: formatWireTime(order.placedAt, timeZone),
    placed_at: order.placedAt.toISOString(),
    kitchaco: { id: order.locationId, location: locationAddress },
    order_type: orderTypeOf(order.channel),
    order_later: order.scheduledFor?.toISOString() ?? null,
    delivery_location: order.deliveryLocation,
    lines: lines.map(({ line, vendorTitle }) => ({
      meal_name: line.mealName,
      vendor_title: vendorTitle,
      quantity: line.quantity,
      unit_price: amount(line.unitPrice),
      subitem: line.subitem,
      combos: line.combos.map((c) => ({ name: c.name, price: amount(c.price) })),
      special_request: line.specialRequest,
      line_total: amount(line.lineTotal),
    })),
    sub_total: amount(order.subTotal),
    delivery_charge: amount(order.deliveryCharge),
    discount: amount(order.discount),
    total: amount(order.total),
    gst: amount(order.gst),
    transaction_charge: amount(order.transactionCharge),
    payment_receipt_number: order.paymentReceiptNumber,
  };
}
