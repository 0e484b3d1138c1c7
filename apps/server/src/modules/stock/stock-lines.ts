import {
  BELOW_MINIMUM_ERROR_CODE,
  isBelowMinimum,
  type Mills,
  priceStockOrder,
  STOCK_MESSAGES,
  type StockLineInput,
  sameAmount,
  stockItemIdOf,
  toFixedString,
  toMills,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import { conflict, invalid, ruleFailed } from '../../http/errors.js';
import * as q from './stock.queries.js';
export const money = (m: Mills) => toFixedString(m, 2);

/** Stock lines as the audit log keeps them: item, name and quantity. */
export function auditLines(lines: readonly ResolvedLine[]) {
  return lines.map((l) => ({ id: l.item.id, name: l.item.name, qty: l.qty }));
}

export interface ResolvedLine {
  item: q.ItemWithUnit['item'];
  unit: q.ItemWithUnit['unit'];
  qty: number;
  expiry: number | null;
}

/**
 * Checks every line against the location's stock list and returns them with the server's items:
 * each item once, on this location's list, quantities whole where the unit is whole. Lines of
 * quantity 0 are kept (an approval uses them to drop an item); callers drop them where they mean
 * nothing.
 */
export async function resolveLines(
  app: AppContext,
  locationId: number,
  lines: StockLineInput[],
  options: { allowDisabled: boolean },
): Promise<ResolvedLine[]> {
  const ids = lines.map(stockItemIdOf);
  const seen = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) throw invalid(`stock item ${id} appears more than once`, 'stockData');
    seen.add(id);
  }
  // Stock list items and units are announced when they change, like the menus.
  const found = await app.catalog.valuesById('stock-item', ids, async (missing) =>
    (await q.findItems(app.db, missing)).map((r) => ({ id: r.item.id, ...r })),
  );
  return lines.map((line) => {
    const id = stockItemIdOf(line);
    const row = found.get(id);
    if (!row || row.item.locationId !== locationId) {
      throw invalid(`stock item ${id} is not on this location's stock list`, 'stockData');
    }
    if (!options.allowDisabled && row.item.status !== 'enabled' && line.qty > 0) {
      throw invalid(`${row.item.name} is no longer available to order`, 'stockData');
    }
    if (row.unit.wholeUnits && !Number.isInteger(line.qty)) {
      throw invalid(`${row.item.name} is ordered in whole units (${row.unit.qtyType})`, 'stockData');
    }
    return { item: row.item, unit: row.unit, qty: line.qty, expiry: line.expiry_adjustment ?? null };
  });
}

export function priceResolved(
  lines: ResolvedLine[],
  charges: { deliveryCharge?: Mills; adminAdjustment?: Mills } = {},
) {
  return priceStockOrder(
    lines.map((l) => ({ price: toMills(l.item.price), qty: l.qty, hasGst: l.item.hasGst })),
    charges,
  );
}

/** Refuses, changing nothing, when a client's figures disagree with the server's prices. */
export function checkClientAmounts(
  client: { sub_total?: string | undefined; gst?: string | undefined; total?: string | undefined },
  server: { subTotal: Mills; gst: Mills; total: Mills },
): void {
  if (
    !sameAmount(client.sub_total, server.subTotal) ||
    !sameAmount(client.gst, server.gst) ||
    !sameAmount(client.total, server.total)
  ) {
    throw conflict(STOCK_MESSAGES.pricesChanged);
  }
}

export function lineRows(orderId: number, kind: 'ordered' | 'adjusted', lines: ResolvedLine[]) {
  const priced = priceResolved(lines).lines;
  return lines.map((l, i) => ({
    stockOrderId: orderId,
    kind,
    stockListItemId: l.item.id,
    name: l.item.name,
    qtyType: l.unit.qtyType,
    price: l.item.price,
    par: l.item.par,
    qty: String(l.qty),
    subTotal: money(priced[i]!.subTotal),
    gst: toFixedString(priced[i]!.gst, 3),
    total: toFixedString(priced[i]!.total, 3),
    expiryAdjustment: kind === 'adjusted' || l.expiry !== null ? l.expiry : null,
  }));
}

/**
 * The order's lines and amounts: the minimum rule decides the fee. Below the minimum the client must
 * have accepted the location's fee (after error_code 1), otherwise nothing is written: by sending
 * it as `delivery_charge`, or, as the old clients retry, a `total` that includes exactly that fee.
 */
export function priceWithMinimum(
  location: q.LocationRow,
  lines: ResolvedLine[],
  client: { delivery_charge?: string | undefined; total?: string | undefined },
  emptyMessage: string,
) {
  const ordered = lines.filter((l) => l.qty > 0);
  if (ordered.length === 0) throw invalid(emptyMessage, 'stockData');
  const withoutFee = priceResolved(ordered);
  if (withoutFee.total <= 0) throw invalid(emptyMessage, 'stockData');
  const minimum = toMills(location.minStockOrder);
  const fee = toMills(location.minStockDeliveryCharge);
  let deliveryCharge: Mills = 0;
  if (isBelowMinimum(withoutFee.total, minimum) && fee > 0) {
    const accepted =
      (client.delivery_charge !== undefined && sameAmount(client.delivery_charge, fee)) ||
      (client.total !== undefined &&
        sameAmount(client.total, priceResolved(ordered, { deliveryCharge: fee }).total));
    if (!accepted) {
      throw ruleFailed(STOCK_MESSAGES.belowMinimum(money(minimum), money(fee)), BELOW_MINIMUM_ERROR_CODE);
    }
    deliveryCharge = fee;
  }
  return { ordered, deliveryCharge, amounts: priceResolved(ordered, { deliveryCharge }) };
}
