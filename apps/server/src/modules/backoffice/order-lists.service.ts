import {
  DEFAULT_ORDER_PAGE_SIZE,
  type OrdersDataRequest,
  type OrdersExportRequest,
  type SalesChannel,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { LocationWindow } from '../../db/location-windows.js';
import type { Actor } from '../../http/actor.js';
import { invalid } from '../../http/errors.js';
import { streamedObject } from '../../lib/streamed-json.js';
import { countRolledUpOrders } from '../sales/sales.service.js';
import { wireRange } from '../stock/stock.service.js';
import { presentOrders } from './backoffice.presenter.js';
import * as q from './backoffice.queries.js';
import { OWN_CHANNELS, resolveScope, salesScope, windowsOf } from './backoffice.service.js';

function orderFilter(input: Pick<OrdersDataRequest, 'status' | 'order_source' | 'search'>): q.OrderFilter {
  const channels: readonly SalesChannel[] | undefined =
    input.order_source === undefined
      ? undefined
      : input.order_source === 'kitchaco'
        ? OWN_CHANNELS
        : [input.order_source];
  return {
    ...(input.status ? { status: input.status } : {}),
    ...(channels ? { channels } : {}),
    ...(input.search ? { search: input.search } : {}),
  };
}

/** Orders read per batch when a list is streamed or exported whole. */
const ORDER_BATCH = 500;

/** Every order matching the filters, newest first, a batch at a time (keyset: flat cost per batch). */
async function* orderBatches(app: AppContext, windows: LocationWindow[], filter: q.OrderFilter) {
  let after: q.OrderCursor | null = null;
  for (;;) {
    const rows = await q.listOrders(app.db, windows, filter, { limit: ORDER_BATCH, after });
    if (rows.length === 0) return;
    const lines = await q.linesOfOrders(
      app.db,
      rows.map((r) => r.id),
    );
    yield presentOrders(rows, lines);
    if (rows.length < ORDER_BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { placedKey: last.placed_key, id: last.id };
  }
}

/**
 * orders_data. Paged when the client asks for a page (the web app does); otherwise, as the spec's
 * clients expect, every order of the range in one answer, streamed as it is read so memory stays
 * flat however long the range (docs/api.md).
 */
export async function ordersData(app: AppContext, actor: Actor, input: OrdersDataRequest) {
  const scope = await resolveScope(app, actor, input.kitchaco_location);
  const { from, to } = wireRange(input.start_date, input.end_date);
  const windows = windowsOf(scope.locations, from, to);
  const filter = orderFilter(input);
  if (input.page === undefined) {
    return streamedObject(
      { success: true },
      'orders_by_location',
      orderBatches(app, windows, filter),
      (n: number) => ({
        total: n,
      }),
    );
  }
  const pageSize = input.page_size ?? DEFAULT_ORDER_PAGE_SIZE;
  const offset = (input.page - 1) * pageSize;
  const [rows, total] = await Promise.all([
    q.listOrders(app.db, windows, filter, { limit: pageSize, offset }),
    countRolledUpOrders(app.db, salesScope(scope, from, to), filter).then(
      (n) => n ?? q.countOrders(app.db, windows, filter),
    ),
  ]);
  const lines = await q.linesOfOrders(
    app.db,
    rows.map((r) => r.id),
  );
  return {
    success: true as const,
    orders_by_location: presentOrders(rows, lines),
    total,
    page: input.page,
    page_size: pageSize,
  };
}

/** Orders exported in one go are read in pages of this many (lines are fetched per page). */
const EXPORT_PAGE = 2000;
/** The largest export; a longer list must be narrowed by its filters. */
export const MAX_EXPORT_ORDERS = 100_000;

/** Every order matching the list's filters (no paging), with its lines, for the CSV export. */
export async function ordersForExport(app: AppContext, actor: Actor, input: OrdersExportRequest) {
  const scope = await resolveScope(app, actor, input.kitchaco_location);
  const { from, to } = wireRange(input.start_date, input.end_date);
  const windows = windowsOf(scope.locations, from, to);
  const filter = orderFilter(input);
  const total = await q.countOrders(app.db, windows, filter);
  if (total > MAX_EXPORT_ORDERS) {
    throw invalid(
      `The export would hold ${total} orders; narrow the dates or filters to at most ${MAX_EXPORT_ORDERS}.`,
      'end_date',
    );
  }
  const out = [];
  for (let offset = 0; offset < total; offset += EXPORT_PAGE) {
    const rows = await q.listOrders(app.db, windows, filter, { limit: EXPORT_PAGE, offset });
    const lines = await q.linesOfOrders(
      app.db,
      rows.map((r) => r.id),
    );
    out.push(...presentOrders(rows, lines));
  }
  return { from, to, orders: out };
}
