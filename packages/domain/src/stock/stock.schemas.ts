import { z } from 'zod';
import { STOCK_ITEM_STATUSES, STOCK_ORDER_STATUSES, WEEKDAYS } from '../constants.js';
import { parseWireDate } from '../dates/business-time.js';
import { amount, dbId, decimalNumber, locationChoice, textOrNull, wholeNumber } from '../wire/wire.js';
import { WEEKDAY_SHORT } from './stock-pricing.js';

/**
 * Wire contracts of stock ordering: `/api/v1/stock-list/`, `/api/v1/stock-order-list/` and the stock
 * calls of the admin data endpoint. Names are the spec's. Every amount a client sends is checked
 * against the server's own pricing and never stored as sent.
 */

const id = dbId;
const money = z.number();
/** An amount a client sends (a number or its text): exact decimal text (wire/wire.ts). */
const sentAmount = amount();
/** A quantity: never negative, at most 3 decimals (whole units are checked per item by the server). */
const quantity = decimalNumber().pipe(
  z
    .number()
    .min(0, 'quantity cannot be negative')
    .max(100_000, 'quantity is too large')
    .refine((q) => Math.abs(q * 1000 - Math.round(q * 1000)) < 1e-6, {
      message: 'quantity can have at most 3 decimals',
    }),
);

/** 'DD MMM YYYY' (ISO 'YYYY-MM-DD' also accepted), as the spec sends dates. */
export const wireDate = z
  .string()
  .trim()
  .refine((s) => parseWireDate(s) !== null, { message: 'must be a date like 05 Mar 2026' });

/** The spec's error_code for a stock order below the location's minimum. */
export const BELOW_MINIMUM_ERROR_CODE = 1;

/** Messages existing staff know; spelling kept exactly. */
export const STOCK_MESSAGES = {
  selectAtLeastOneToOrder: 'Please select altleast 1 item to order',
  selectAtLeastOne: 'Please select altleast 1 item',
  updated: 'Updated Succesfully',
  approved: 'Approved Succesfully',
  disapproved: 'Disapproved Succesfully',
  disapproveConfirm: "Are you sure? This will disapprove the order. You won't be able to change it.",
  stockListUpdated: 'Updated Successfully',
  belowMinimum: (minimum: string, fee: string) =>
    `Your order is below the minimum stock order of $${minimum}. A delivery charge of $${fee} applies.`,
  notEditableApproved: 'This order has already been approved and can no longer be edited.',
  notEditableDisapproved: 'This order was disapproved and can no longer be edited.',
  notEditableDeliveryDay: 'Orders cannot be edited on a delivery day.',
  alreadyDecided: 'This order is no longer pending: it has already been approved or disapproved.',
  pricesChanged: 'Prices have changed since the list was loaded. Please review the order and try again.',
} as const;

/** "Order placed successfully! ..." with the location's delivery days ("Monday, Thursday"). */
export function orderPlacedMessage(deliveryDays: string): string {
  return `Order placed successfully! Your delivery will be done on next ${deliveryDays}. We will send you an email once it is approved.`;
}

// ---------------------------------------------------------------- stock list (stock user, operator)

export const stockListRequest = z.object({ kitchaco: id });

const weekdayShort = z.enum(WEEKDAY_SHORT);
export const stockRecommendation = z.object({
  /** The weekdays one order lasts: the delivery day up to (not including) the next one. */
  covers: z.array(weekdayShort),
  delivery_day: z.enum(WEEKDAYS),
  next_delivery_day: z.enum(WEEKDAYS),
  /** Average usage per weekday: usage on that weekday over the last 16 weeks / 16. */
  per_weekday: z.record(weekdayShort, z.number()),
  /** The sum of the averages of the days covered, before rounding up to the unit. */
  total: z.number(),
  weeks: z.number().int(),
});
export type StockRecommendation = z.infer<typeof stockRecommendation>;

export const stockListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  qty_type__id: z.number().int(),
  qty_type__qty_type: z.string(),
  /** true: quantities of this unit are whole numbers. */
  whole_units: z.boolean(),
  price: money,
  par: z.number(),
  has_gst: z.boolean(),
  has_expiry: z.boolean(),
  /** Suggested quantity for this order, from the last 112 days of stock usage (docs/stock.md). */
  recommended_order: z.number(),
  /**
   * The figures `recommended_order` came from: average usage per weekday over the last 16 weeks,
   * and the weekdays one order covers (from the next delivery day up to the one after it). Absent
   * when the location has no delivery days; old clients ignore it.
   */
  recommendation: stockRecommendation.optional(),
});
export type StockListItem = z.infer<typeof stockListItem>;

export const reminderItem = z.object({ name: z.string(), expiring_on: z.string() });
export type ReminderItem = z.infer<typeof reminderItem>;

export const stockListResponse = z.object({
  success: z.literal(true),
  data: z.array(stockListItem),
  reminder_data: z.array(reminderItem),
  /** The location ordered for: delivery days ("Monday, Thursday"), minimum order and its fee. */
  location: z.object({
    id: z.number().int(),
    location: z.string(),
    delivery_day: z.string(),
    min_stock_order: money,
    min_stock_delivery_charge: money,
  }),
});
export type StockListResponse = z.infer<typeof stockListResponse>;

// ---------------------------------------------------------------- stock orders

/**
 * A line a client sends. In place_order `id` is the stock list item id; in edits and approvals the
 * lines come from the order, so `stock_list_id` names the item (and `id` is the order line's id).
 * Any other fields (name, price, sub_total...) are ignored: the server prices every line itself.
 */
export const stockLineInput = z
  .object({
    id: id.optional(),
    stock_list_id: id.optional(),
    qty: quantity,
    /** Approval only: days until the delivered stock expires (items with an expiry). */
    expiry_adjustment: wholeNumber(0, 365).nullable().optional(),
  })
  .refine((l) => l.id !== undefined || l.stock_list_id !== undefined, {
    message: 'each line needs the stock item id',
    path: ['stock_list_id'],
  });
export type StockLineInput = z.infer<typeof stockLineInput>;

/** The item a line is about. */
export function stockItemIdOf(line: StockLineInput): number {
  return (line.stock_list_id ?? line.id) as number;
}

/** Client figures, optional: when sent and different from the server's, the call is refused. */
const clientAmounts = {
  sub_total: sentAmount.optional(),
  gst: sentAmount.optional(),
  total: sentAmount.optional(),
};

export const placeStockOrderData = z.object({
  kitchaco: id,
  order_date: wireDate.optional(),
  order_time: z.string().trim().max(20).optional(),
  ...clientAmounts,
  /** Send the location's fee to accept it after error_code 1; absent or 0 otherwise. */
  delivery_charge: amount({ min: 0 }).optional(),
  stockData: z.array(stockLineInput).max(500),
});
export const placeStockOrderRequest = z.object({ orderData: placeStockOrderData });
export type PlaceStockOrderRequest = z.infer<typeof placeStockOrderRequest>;

export const editStockOrderRequest = z.object({
  orderData: placeStockOrderData.extend({ orderId: id }),
});
export type EditStockOrderRequest = z.infer<typeof editStockOrderRequest>;

export const stockOrdersOfLocationRequest = z.object({ kitchaco: id });
export const stockOrderIdRequest = z.object({ orderId: id });

export const approveStockOrderRequest = z.object({
  orderData: z.object({
    orderId: id,
    /**
     * The stock admin's fee decision, signed: `-delivery_charge` removes the fee the order carries,
     * `+min_stock_delivery_charge` adds it to an order without one, 0 leaves it as it is.
     */
    admin_adjustment: sentAmount.default('0'),
    ...clientAmounts,
    stockData: z.array(stockLineInput).max(500),
  }),
});
export type ApproveStockOrderRequest = z.infer<typeof approveStockOrderRequest>;

export const disapproveStockOrderRequest = z.object({
  orderId: id,
  reason: textOrNull(1000),
});

export const stockOrderLine = z.object({
  id: z.number().int(),
  stock_list_id: z.number().int(),
  name: z.string(),
  qty: z.number(),
  qty_type: z.string(),
  qty_type__qty_type: z.string(),
  whole_units: z.boolean(),
  price: money,
  par: z.number(),
  has_gst: z.boolean(),
  has_expiry: z.boolean(),
  sub_total: money,
  gst: money,
  total: money,
  expiry_adjustment: z.number().int().nullable(),
});
export type StockOrderLine = z.infer<typeof stockOrderLine>;

export const stockOrder = z.object({
  id: z.number().int(),
  kitchaco: z.number().int(),
  kitchaco__location: z.string(),
  order_date: z.string(),
  order_time: z.string(),
  sub_total: money,
  gst: money,
  /** The below-minimum order fee. */
  delivery_charge: money,
  admin_adjustment: money,
  total: money,
  /** The location's minimum order and its below-minimum fee (the review screen adds this fee). */
  min_stock_order: money,
  min_stock_delivery_charge: money,
  status: z.enum(STOCK_ORDER_STATUSES),
  approved: z.boolean(),
  approved_date: z.string().nullable(),
  approved_time: z.string().nullable(),
  disapproved: z.boolean(),
  disapproved_date: z.string().nullable(),
  disapproved_time: z.string().nullable(),
  disapproved_reason: z.string().nullable(),
  /** Whether the asking stock user may edit it now, and if not, why (for the history screen). */
  can_edit: z.boolean(),
  edit_blocked_reason: z.string().nullable(),
  orderData: z.array(stockOrderLine),
  adjustedData: z.array(stockOrderLine),
});
export type StockOrder = z.infer<typeof stockOrder>;

export const stockOrderResponse = z.object({ success: z.literal(true), data: stockOrder });
export const stockOrderListResponse = z.object({ success: z.literal(true), data: z.array(stockOrder) });
export const stockOrderDoneResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: stockOrder,
});

export const approvedDisapprovedRequest = z.object({
  /** 0 = all locations. */
  kitchaco_location: locationChoice(0),
  start_date: wireDate,
  end_date: wireDate,
});
export const approvedDisapprovedResponse = z.object({
  success: z.literal(true),
  data: z.array(stockOrder),
  /** Totals over the approved orders listed (disapproved ones count nothing). */
  sub_total: money,
  gst: money,
  total: money,
  admin_adjustment: money,
  delivery_charge: money,
});
export type ApprovedDisapprovedResponse = z.infer<typeof approvedDisapprovedResponse>;

// ---------------------------------------------------------------- stock list administration

export const qtyType = z.object({ id: z.number().int(), qty_type: z.string(), whole_units: z.boolean() });

export const adminStockListRequest = z.object({ kitchaco_location: locationChoice(0) });
export const adminStockListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  qty_type__id: z.number().int(),
  qty_type__qty_type: z.string(),
  price: money,
  kitchaco: z.number().int(),
  kitchaco__location: z.string(),
  par: z.number(),
  has_expiry: z.boolean(),
  has_gst: z.boolean(),
  status: z.enum(STOCK_ITEM_STATUSES),
});
export type AdminStockListItem = z.infer<typeof adminStockListItem>;
export const adminStockListResponse = z.object({
  success: z.literal(true),
  data: z.array(adminStockListItem),
  qty_types: z.array(qtyType),
});

export const updateStockListRequest = z.object({
  stockData: z
    .array(
      z.object({
        id,
        qty_type_id: id,
        name: z.string().trim().min(1, 'name is required').max(120),
        price: amount({ min: 0, max: 100_000 }),
        par: quantity.optional(),
        has_expiry: z.boolean(),
        has_gst: z.boolean(),
        status: z.enum(STOCK_ITEM_STATUSES),
        /** Apply name, unit, price, flags and status to the item of the same name at every location. */
        change_all_locations: z.boolean().default(false),
      }),
    )
    .min(1, 'nothing to update')
    .max(1000),
});
export type UpdateStockListRequest = z.infer<typeof updateStockListRequest>;
export const updateStockListResponse = z.object({
  success: z.literal(true),
  /** One entry per item updated: { [name]: location }. */
  message: z.array(z.record(z.string(), z.string())),
});

// ---------------------------------------------------------------- bundles and the usage report

export const stockBundleItem = z.object({
  id: z.number().int(),
  stock_list__id: z.number().int(),
  stock_list__name: z.string(),
  stock_list__qty_type: z.string(),
  qty: z.number(),
});
export type StockBundleItem = z.infer<typeof stockBundleItem>;

export const stockBundlesRequest = z.object({ kitchaco_location: dbId });
export const mealBundle = z.object({
  meal_id: z.number().int(),
  meal_name: z.string(),
  vendor: z.string(),
  stock_bundle: z.array(stockBundleItem),
});
export const stockBundlesResponse = z.object({
  success: z.literal(true),
  meals: z.array(mealBundle),
  /** The location's stock items a bundle line may use. */
  stock_list: z.array(z.object({ id: z.number().int(), name: z.string(), qty_type: z.string() })),
});

const bundleQty = quantity.refine((q) => q > 0, { message: 'qty must be above 0' });
export const addStockBundleRequest = z.object({ meal_id: id, stock_list_id: id, qty: bundleQty });
export const updateStockBundleRequest = z.object({
  stock_bundle: z.object({ id, stock_list__id: id, qty: bundleQty }),
});
export const deleteStockBundleRequest = z.object({ stock_bundle_id: id });
export const stockSuccessResponse = z.object({ success: z.literal(true) });

export const stockUsageRequest = z.object({
  kitchaco_location: dbId,
  start_date: wireDate,
  end_date: wireDate,
});
export const usageMeal = z.object({
  /** -1 when a marketplace order's meal name matches no meal of the location. */
  id: z.number().int(),
  meal_name: z.string(),
  quantity: z.number(),
  stock_bundle: z.array(stockBundleItem),
});
export const stockUsageResponse = z.object({
  success: z.literal(true),
  meal_sold: z.array(usageMeal),
  qty_type: z.array(qtyType),
  /** Stock used per item: meals sold x their bundles. */
  stock_list: z.array(
    z.object({ id: z.number().int(), name: z.string(), qty_type: z.string(), qty: z.number() }),
  ),
});
export type StockUsageResponse = z.infer<typeof stockUsageResponse>;
