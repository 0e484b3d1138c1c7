import {
  MEAL_STATUSES,
  ORDER_STATUSES,
  OUTBOX_CHANNELS,
  SALES_CHANNELS,
  SALES_REPORT_STATUSES,
  STOCK_ITEM_STATUSES,
  STOCK_ORDER_STATUSES,
} from '@kitchaco/domain';
import { customType, pgEnum } from 'drizzle-orm/pg-core';

export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);
export const salesChannelEnum = pgEnum('sales_channel', SALES_CHANNELS);
export const mealStatusEnum = pgEnum('meal_status', MEAL_STATUSES);
export const stockOrderStatusEnum = pgEnum('stock_order_status', STOCK_ORDER_STATUSES);
export const stockItemStatusEnum = pgEnum('stock_item_status', STOCK_ITEM_STATUSES);
export const salesReportStatusEnum = pgEnum('sales_report_status', SALES_REPORT_STATUSES);
export const outboxChannelEnum = pgEnum('outbox_channel', OUTBOX_CHANNELS);
export const outboxStatusEnum = pgEnum('outbox_status', ['pending', 'sending', 'sent', 'failed']);
export const sessionKindEnum = pgEnum('session_kind', ['customer', 'staff']);

/** Money in dollars with 2 decimals; read as a string so no float ever touches it. */
export const money = (name: string) => customNumeric(name, 12, 2);
/** Money with 3 decimals (line GST). */
export const money3 = (name: string) => customNumeric(name, 12, 3);

function customNumeric(name: string, precision: number, scale: number) {
  return customType<{ data: string; driverData: string }>({
    dataType: () => `numeric(${precision}, ${scale})`,
  })(name);
}

/** A quantity with up to 3 decimals (kg of flour); whole units are checked in the service. */
export const quantity = (name: string) => customNumeric(name, 12, 3);
/** A rate such as a commission of 0.3000 (30%). */
export const rate = (name: string) => customNumeric(name, 7, 4);
