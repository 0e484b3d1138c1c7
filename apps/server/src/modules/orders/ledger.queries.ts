import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { columnList, jsonRows } from '../../db/json-rows.js';
import { orderLines, orders, payments } from '../../db/schema/index.js';
import type { TraceCarrier } from '../../lib/telemetry.js';
import { kitchenNoticeOf } from '../kitchen/kitchen-notices.js';
import { KEEP_ANSWER, type KeyAnswer, type NewPayment, statusNoticeOf } from './orders.queries.js';

/**
 * The one writer of the order ledger: every channel (the web checkout, marketplace webhooks and
 * files, the demo seeder, the tests' ledgers) writes its orders and their lines here. Rows are typed
 * by the Drizzle tables and travel as JSON records read back with `jsonb_populate_record(set)`, so
 * the columns written are those of the table definitions, never a list kept by hand; an order and
 * its lines go in one statement, so in one round trip.
 */

export type LedgerOrderRow = typeof orders.$inferInsert;
export type LedgerLineRow = Omit<typeof orderLines.$inferInsert, 'orderId'>;

/** One order for the ledger: its row, its lines, and when its first status event is dated (if any). */
export interface LedgerEntry {
  order: LedgerOrderRow;
  lines: readonly LedgerLineRow[];
  firstEventAt?: Date;
}

/** Orders per statement; each chunk travels as one JSON parameter. */
const ORDERS_PER_STATEMENT = 2_000;

/**
 * The lines of the orders `w` (columns `id`, `n` and `lines`, a JSON array of records) inserted in
 * the order given; nothing when no order has lines.
 */
function linesInsert(names: readonly string[]): SQL {
  if (names.length === 0) return sql``;
  return sql`, lines AS (
      INSERT INTO order_lines (order_id, ${columnList(names)})
      SELECT w.id, ${columnList(names, 'l')}
      FROM w, jsonb_populate_recordset(NULL::order_lines, w.lines) WITH ORDINALITY AS l
      ORDER BY w.n, l.ordinality
    )`;
}

/** Each order's lines as records with the batch's one column list. */
function lineRecords(lists: readonly (readonly LedgerLineRow[])[]) {
  const { names, records } = jsonRows(
    orderLines,
    lists.flatMap((lines) => lines.map((l) => ({ ...l, orderId: 0 }))),
    ['orderId'],
  );
  let next = 0;
  const perOrder = lists.map((lines) => {
    const start = next;
    next += lines.length;
    return records.slice(start, next);
  });
  return { names, perOrder };
}

/**
 * Writes orders with their lines (and, when asked, their first status event), skipping any whose
 * (channel, external id) is already stored: a resent or re-imported platform order is written once.
 * An order's id is its row's own, or the next of the sequence. Answers each order's id in the order
 * given, or null where skipped.
 */
export async function writeLedgerOrders(
  db: DbOrTx,
  entries: readonly LedgerEntry[],
): Promise<(number | null)[]> {
  const ids: (number | null)[] = [];
  for (let start = 0; start < entries.length; start += ORDERS_PER_STATEMENT) {
    const chunk = entries.slice(start, start + ORDERS_PER_STATEMENT);
    const order = jsonRows(
      orders,
      chunk.map((e) => e.order),
      ['id'],
    );
    const lines = lineRecords(chunk.map((e) => e.lines));
    const input = chunk.map((e, i) => ({
      id: e.order.id ?? null,
      order: order.records[i],
      lines: lines.perOrder[i],
      event_at: e.firstEventAt?.toISOString() ?? null,
    }));
    const result = await db.execute(sql`
      WITH i AS (
        SELECT e.n, COALESCE((e.x->>'id')::int, nextval('orders_id_seq'::regclass)::int) AS id, e.x->'order' AS record,
          e.x->'lines' AS lines, (e.x->>'event_at')::timestamptz AS event_at
        FROM jsonb_array_elements(${JSON.stringify(input)}::jsonb) WITH ORDINALITY AS e(x, n)
      ), o AS (
        INSERT INTO orders (id, ${columnList(order.names)})
        SELECT i.id, ${columnList(order.names, 'r')}
        FROM i, jsonb_populate_record(NULL::orders, i.record) AS r
        ORDER BY i.n
        ON CONFLICT (channel, external_id) WHERE external_id IS NOT NULL DO NOTHING
        RETURNING id, status
      ), w AS (
        SELECT i.*, o.status FROM i JOIN o ON o.id = i.id
      )${linesInsert(lines.names)}, event AS (
        INSERT INTO order_status_events (order_id, from_status, to_status, at)
        SELECT w.id, NULL, w.status, w.event_at FROM w WHERE w.event_at IS NOT NULL ORDER BY w.n
      )
      SELECT n, id FROM w`);
    const written = new Map(
      (result as unknown as { rows: { n: number | string; id: number }[] }).rows.map((r) => [
        Number(r.n),
        Number(r.id),
      ]),
    );
    chunk.forEach((_, i) => {
      ids.push(written.get(i + 1) ?? null);
    });
  }
  return ids;
}

type NewOrder = Pick<
  LedgerOrderRow,
  | 'locationId'
  | 'channel'
  | 'customerId'
  | 'status'
  | 'scheduledFor'
  | 'deliveryLocation'
  | 'subTotal'
  | 'deliveryCharge'
  | 'discount'
  | 'promoCode'
  | 'transactionCharge'
  | 'gst'
  | 'total'
  | 'paymentReceiptNumber'
> & { placedAt: Date };
type NewLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId'>;

export interface PaidOrder {
  order: NewOrder;
  lines: NewLine[];
  payment: NewPayment;
  key: KeyAnswer;
  response: unknown;
  /** The checkout's trace, carried in its kitchen notices (null with traces off). */
  trace?: TraceCarrier | null;
}

/** The columns the paid-order statement writes itself (from its key and its customer). */
const WRITTEN_BY_STATEMENT = ['id', 'customerName', 'customerPhone', 'customerEmail', 'idempotencyKey'];

/**
 * Paid orders in one statement, so in one round trip and all or nothing: for each, its key with
 * the answer (naming the new id), the order (with the customer's name, phone and email as they are
 * now) and its lines, its payment, its first status event, its kitchen tickets (one per brand among
 * its lines, docs/kitchen.md) with their notices, and the live notice (delivered at commit). An
 * order whose key already has an answer is skipped (nothing of it is written). Returns each order's
 * id in the order given, or null where skipped. The keys must differ.
 */
export async function writePaidOrders(db: DbOrTx, batch: PaidOrder[]): Promise<(number | null)[]> {
  const order = jsonRows(
    orders,
    batch.map((w) => ({ ...w.order, status: w.order.status ?? 'Received', createdAt: w.order.placedAt })),
    WRITTEN_BY_STATEMENT,
  );
  const lines = lineRecords(batch.map((w) => w.lines));
  const payment = jsonRows(
    payments,
    batch.map((w) => ({ ...w.payment, idempotencyKey: w.key.key, createdAt: w.order.placedAt })),
    ['id', 'orderId'],
  );
  const input = batch.map((w, i) => ({
    key: w.key.key,
    scope: w.key.scope,
    request_hash: w.key.requestHash,
    response: w.response,
    at: w.order.placedAt.toISOString(),
    order: order.records[i],
    lines: lines.perOrder[i],
    payment: payment.records[i],
    trace: w.trace ?? null,
  }));
  // Each order's id is drawn first so that the key's answer, written first, can name it.
  const result = await db.execute(sql`
    WITH i AS (
      SELECT e.n, e.x->>'key' AS key, e.x->>'scope' AS scope, e.x->>'request_hash' AS request_hash,
        e.x->'response' AS response, e.x->>'at' AS at, e.x->'order' AS record, e.x->'lines' AS lines,
        e.x->'payment' AS payment, e.x->'trace' AS trace, (e.x->'order'->>'customer_id')::int AS customer_id,
        (e.x->'order'->>'placed_at')::timestamptz AS placed_at, nextval('orders_id_seq'::regclass)::int AS id
      FROM jsonb_array_elements(${JSON.stringify(input)}::jsonb) WITH ORDINALITY AS e(x, n)
    ), k AS (
      INSERT INTO idempotency_keys (key, scope, request_hash, response_status, response_body, created_at)
      SELECT i.key, i.scope, i.request_hash, 200, jsonb_set(i.response, '{order,id}', to_jsonb(i.id)), i.placed_at
      FROM i WHERE EXISTS (SELECT 1 FROM customers c WHERE c.id = i.customer_id)
      ${KEEP_ANSWER}
      RETURNING key
    ), o AS (
      INSERT INTO orders (id, customer_name, customer_phone, customer_email, idempotency_key, ${columnList(order.names)})
      SELECT i.id, c.username, c.phone, c.email, k.key, ${columnList(order.names, 'r')}
      FROM i JOIN k ON k.key = i.key JOIN customers c ON c.id = i.customer_id,
        jsonb_populate_record(NULL::orders, i.record) AS r
      RETURNING id, status, location_id
    ), w AS (
      SELECT i.*, o.status, o.location_id FROM i JOIN o ON o.id = i.id
    )${linesInsert(lines.names)}, paid AS (
      INSERT INTO payments (order_id, ${columnList(payment.names)})
      SELECT w.id, ${columnList(payment.names, 'p')}
      FROM w, jsonb_populate_record(NULL::payments, w.payment) AS p
      ON CONFLICT (idempotency_key) DO UPDATE SET order_id = excluded.order_id, status = excluded.status,
        provider_payment_id = excluded.provider_payment_id, total_cents = excluded.total_cents, error = NULL
    ), event AS (
      INSERT INTO order_status_events (order_id, from_status, to_status, at)
      SELECT w.id, NULL, w.status, w.placed_at FROM w
    ), tickets AS (
      INSERT INTO kitchen_tickets (order_id, location_id, vendor_id, status, created_at, updated_at)
      SELECT DISTINCT w.id, w.location_id, (e.line->>'vendor_id')::int, 'queued', w.placed_at, w.placed_at
      FROM w, jsonb_array_elements(w.lines) AS e(line)
      WHERE e.line->>'vendor_id' IS NOT NULL
      RETURNING id, order_id, location_id
    )
    SELECT w.key, w.id, ${statusNoticeOf(sql`w.id`, sql`w.customer_id`, sql`w.status::text`, sql`w.at`)},
      (SELECT count(${kitchenNoticeOf(sql`t.id`, sql`t.location_id`, sql`w.trace`)}) FROM tickets t WHERE t.order_id = w.id)
        AS tickets
    FROM w`);
  const written = new Map(
    (result as unknown as { rows: { key: string; id: number }[] }).rows.map((r) => [r.key, r.id]),
  );
  return batch.map((w) => written.get(w.key.key) ?? null);
}
