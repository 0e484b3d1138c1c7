import {
  type AdminOrder,
  type AdminOrderLine,
  type CsvColumn,
  formatComboText,
  toCsv,
} from '@kitchaco/domain';

interface Row {
  order: AdminOrder;
  line: AdminOrderLine | null;
}

const COLUMNS: CsvColumn<Row>[] = [
  { header: 'Order #', value: (r) => r.order.id },
  { header: 'Order Date', value: (r) => r.order.order_date },
  { header: 'Order Time', value: (r) => r.order.order_time },
  { header: 'Location', value: (r) => r.order.kitchaco__location },
  { header: 'Order Source', value: (r) => r.order.order_source },
  { header: 'Platform Order ID', value: (r) => r.order.external_id },
  { header: 'Order Type', value: (r) => r.order.order_type },
  { header: 'Status', value: (r) => r.order.status },
  { header: 'Customer Name', value: (r) => r.order.customer_name },
  { header: 'Customer Phone', kind: 'phone', value: (r) => r.order.customer__phone },
  { header: 'Customer Email', value: (r) => r.order.customer__email },
  { header: 'Payment Receipt Number', value: (r) => r.order.payment_receipt_number },
  { header: 'Delivery Location', value: (r) => r.order.delivery_location },
  { header: 'Sub Total', kind: 'amount', value: (r) => r.order.sub_total },
  { header: 'Delivery Charge', kind: 'amount', value: (r) => r.order.delivery_charge },
  { header: 'Discount', kind: 'amount', value: (r) => r.order.discount },
  { header: 'Total', kind: 'amount', value: (r) => r.order.payment_total_amount },
  { header: 'Meal ID', value: (r) => r.line?.meal_id },
  { header: 'Meal', value: (r) => r.line?.meal_name },
  { header: 'Brand', value: (r) => r.line?.vendor },
  { header: 'Quantity', value: (r) => r.line?.quantity },
  { header: 'Unit Price', kind: 'amount', value: (r) => r.line?.meal__price },
  { header: 'Combos', value: (r) => (r.line ? formatComboText(r.line.combo_array) : null) },
  { header: 'Sub Item', value: (r) => r.line?.subitem },
  { header: 'Special Request', value: (r) => r.line?.special_request },
  { header: 'Line Total', kind: 'amount', value: (r) => r.line?.sub_total },
];

/** The order list as CSV: one row per order line (an order without lines still gets one row). */
export function ordersCsv(data: { orders: AdminOrder[] }): string {
  const rows: Row[] = [];
  for (const order of data.orders) {
    if (order.meal_list.length === 0) rows.push({ order, line: null });
    for (const line of order.meal_list) rows.push({ order, line });
  }
  return toCsv(COLUMNS, rows);
}
