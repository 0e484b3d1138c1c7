import type { SalesChannel } from '@kitchaco/domain';
import type { Db, DbOrTx } from '../db/client.js';
import { orderAdjustments, orderLines, orders, stockOrders } from '../db/schema/index.js';

type OrderRow = typeof orders.$inferInsert;
type LineInput = Omit<typeof orderLines.$inferInsert, 'orderId' | 'unitPrice'> & { unitPrice?: string };

/**
 * A ledger order written directly (any channel, any instant) so report tests can lay out a small
 * ledger whose right answers are worked out by hand.
 */
export async function createLedgerOrder(
  db: DbOrTx,
  order: Pick<OrderRow, 'locationId' | 'channel' | 'placedAt' | 'total'> & Partial<OrderRow>,
  lines: LineInput[] = [],
) {
  const [row] = await db
    .insert(orders)
    .values({ subTotal: order.total, ...order })
    .returning();
  if (lines.length) {
    await db.insert(orderLines).values(
      lines.map((l) => ({
        ...l,
        orderId: row!.id,
        unitPrice: l.unitPrice ?? (Number(l.lineTotal) / l.quantity).toFixed(2),
      })),
    );
  }
  return row!;
}

export async function createAdjustment(
  db: Db,
  adjustment: {
    locationId: number;
    channel: SalesChannel;
    amount: string;
    occurredAt: Date;
    reason?: string;
  },
) {
  await db.insert(orderAdjustments).values({ reason: 'correction', ...adjustment });
}

/** A stock order in a given state (figures only; no lines). */
export async function createStockOrderRecord(
  db: Db,
  order: Pick<typeof stockOrders.$inferInsert, 'locationId' | 'status' | 'total'> &
    Partial<typeof stockOrders.$inferInsert>,
) {
  const [row] = await db
    .insert(stockOrders)
    .values({ subTotal: order.total, gst: '0', ...order })
    .returning();
  return row!;
}
