import { z } from 'zod';
import { ORDER_STATUSES } from '../constants.js';
import { paymentInput } from '../payments/payments.schemas.js';
import { dbId, dbIdText, wholeNumber } from '../wire/wire.js';

const id = dbId;

/** One cart line as the client sends it: ids only; every price comes from the server. */
export const cartLineInput = z.object({
  meal_id: id,
  quantity: wholeNumber(0).pipe(
    z.number().min(1, 'quantity must be at least 1').max(50, 'quantity is at most 50'),
  ),
  subitem_id: id.nullable().optional(),
  combo_ids: z.array(id).max(20).default([]),
  special_request: z.string().trim().max(300).optional(),
});
export type CartLineInput = z.infer<typeof cartLineInput>;

/** How far ahead an order for later may be placed, in days: the server refuses more, the web's date picker stops there. */
export const ORDER_MAX_DAYS_AHEAD = 7;

export const orderTypes = ['pickup', 'delivery'] as const;
export type OrderType = (typeof orderTypes)[number];

/** What a checkout is about; the same body prices a quote and places the order. */
export const checkoutRequest = z
  .object({
    kitchaco: id,
    order_type: z.enum(orderTypes),
    /** Deliver to this address (delivery only). */
    delivery_location: z.string().trim().max(300).optional(),
    /** Order for later: ISO instant within the location's opening hours. Absent = as soon as possible. */
    order_later: z.iso.datetime({ offset: true }).optional(),
    promo_code: z.string().trim().toUpperCase().max(40).optional(),
    lines: z.array(cartLineInput).min(1, 'the cart is empty').max(60),
  })
  .refine((o) => o.order_type !== 'delivery' || (o.delivery_location?.length ?? 0) >= 5, {
    message: 'delivery_location is required for delivery',
    path: ['delivery_location'],
  });
export type CheckoutRequest = z.infer<typeof checkoutRequest>;

export const quotedLine = z.object({
  meal_id: z.number().int(),
  vendor_id: z.number().int(),
  vendor_title: z.string(),
  meal_name: z.string(),
  quantity: z.number().int(),
  unit_price: z.number(),
  subitem: z.string().nullable(),
  combos: z.array(z.object({ id: z.number().int(), name: z.string(), price: z.number() })),
  special_request: z.string().nullable(),
  /** (unit price + combos) x quantity */
  line_total: z.number(),
});
export type QuotedLine = z.infer<typeof quotedLine>;

/** The server's price of a cart. The client shows these figures, never its own. */
export const quoteResponse = z.object({
  lines: z.array(quotedLine),
  sub_total: z.number(),
  delivery_charge: z.number(),
  discount: z.number(),
  promo_code: z.string().nullable(),
  total: z.number(),
  /** GST included in the total (total / 11). */
  gst: z.number(),
  /** Estimated card transaction charge (1.23% of the total), borne by the business, not added. */
  transaction_charge: z.number(),
  order_later: z.string().nullable(),
  /**
   * Only when the location sets a kitchen capacity (docs/kitchen.md, "Capacity"): the earliest
   * pickup time with room for this cart (ISO), and the next few such times to offer when the
   * kitchen is full. With `order_later`, the earliest is that time if it has room.
   */
  earliest_pickup_at: z.string().optional(),
  slots: z.array(z.string()).optional(),
  /**
   * With a capacity: true when the cart does not fit in its own slot (the one of `order_later`, or
   * of as soon as possible); paying is refused until a time from `slots` is chosen.
   */
  kitchen_full: z.boolean().optional(),
});
export type QuoteResponse = z.infer<typeof quoteResponse>;

/** The cart and the card's one-time token (never the card: docs/payments.md). */
export const placeOrderRequest = z.object({ checkout: checkoutRequest, payment: paymentInput });
export type PlaceOrderRequest = z.infer<typeof placeOrderRequest>;

export const paymentResult = z.object({
  status: z.string(),
  source_type: z.string().nullable(),
  receipt_number: z.string().nullable(),
  app_fee_money: z.object({ amount: z.number().int() }),
  total_money: z.object({ amount: z.number().int() }),
});

export const orderStatus = z.enum(ORDER_STATUSES);

export const customerOrderLine = z.object({
  meal_name: z.string(),
  vendor_title: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: z.number(),
  subitem: z.string().nullable(),
  combos: z.array(z.object({ name: z.string(), price: z.number() })),
  special_request: z.string().nullable(),
  line_total: z.number(),
});

/** A customer's order (`GET /api/v1/orders/`). */
export const customerOrder = z.object({
  id: z.number().int(),
  status: orderStatus,
  order_date: z.string(),
  order_time: z.string(),
  placed_at: z.string(),
  kitchaco: z.object({ id: z.number().int(), location: z.string() }),
  order_type: z.enum(orderTypes),
  order_later: z.string().nullable(),
  delivery_location: z.string().nullable(),
  lines: z.array(customerOrderLine),
  sub_total: z.number(),
  delivery_charge: z.number(),
  discount: z.number(),
  total: z.number(),
  gst: z.number(),
  /** The card transaction charge stored with the order (as its checkout quote showed it). */
  transaction_charge: z.number(),
  payment_receipt_number: z.string().nullable(),
});
export type CustomerOrder = z.infer<typeof customerOrder>;
export const customerOrderList = z.array(customerOrder);

export const placeOrderResponse = z.object({
  success: z.literal(true),
  order: customerOrder,
  payment: paymentResult,
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponse>;

/** Pushed on the order event stream when a status changes. */
export const orderStatusEvent = z.object({ order_id: z.number().int(), status: orderStatus, at: z.string() });
export type OrderStatusEvent = z.infer<typeof orderStatusEvent>;

export const updateOrderStatusRequest = z.object({
  order_id: dbIdText,
  status: orderStatus,
});

/** What canceling a paid order gave back to the card (`update_order_status`). */
export const cancellationRefund = z.object({
  /** Dollars given back (or released, when the payment was only authorised). */
  amount: z.number(),
  /** `refunded` (through the provider), `voided` (authorisation released), or `pending` at the provider. */
  kind: z.enum(['refunded', 'voided', 'pending']),
});
export const updateOrderStatusResponse = z.object({
  success: z.literal(true),
  result: z.string(),
  /** Present when the change gave money back to the customer's card. */
  refund: cancellationRefund.nullable().optional(),
});
