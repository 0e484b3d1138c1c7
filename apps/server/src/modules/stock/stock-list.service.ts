import {
  addDays,
  type DeliveryCover,
  deliveryCover,
  localDate,
  parseDeliveryDays,
  RECOMMENDATION_WINDOW_DAYS,
  recommendStock,
  toMills,
  type UpdateStockListRequest,
  zonedRange,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../http/actor.js';
import { invalid } from '../../http/errors.js';
import { changedFields, recordAudit } from '../audit/audit.record.js';
import {
  presentAdminStockItem,
  presentReminder,
  presentStockItem,
  presentStockLocation,
  presentUnit,
} from './stock.presenter.js';
import * as q from './stock.queries.js';
import { locationOrThrow, requireOwnLocation } from './stock.service.js';
import { money } from './stock-lines.js';

/** `recommended_order` and, with delivery days, the figures it came from (docs/stock.md). */
function recommendation(usageByWeekday: number[], cover: DeliveryCover | null, wholeUnits: boolean) {
  const { recommended, recommendation } = recommendStock(usageByWeekday, cover, wholeUnits);
  return { recommended_order: recommended, ...(recommendation ? { recommendation } : {}) };
}

export async function stockList(app: AppContext, actor: Actor, locationId: number) {
  requireOwnLocation(actor, locationId);
  const location = await locationOrThrow(app, locationId);
  const now = app.clock.now();
  const today = localDate(now, location.timeZone);
  const window = zonedRange(
    addDays(today, -RECOMMENDATION_WINDOW_DAYS),
    addDays(today, -1),
    location.timeZone,
  );
  const [items, usage, reminders] = await Promise.all([
    q.listLocationItems(app.db, locationId, true),
    q.stockUsageByItemAndWeekday(app.db, locationId, location.timeZone, window.start, window.end),
    q.upcomingReminders(app.db, locationId, today),
  ]);
  // Usage per item, Monday = 0 .. Sunday = 6 (ISO weekday - 1), and the days the next order covers.
  const used = new Map<number, number[]>();
  for (const u of usage) {
    const week = used.get(u.itemId) ?? [0, 0, 0, 0, 0, 0, 0];
    week[Number(u.isodow) - 1] = Number(u.used);
    used.set(u.itemId, week);
  }
  const cover = deliveryCover(today, parseDeliveryDays(location.deliveryDays.join(',')));
  return {
    success: true as const,
    data: items.map((row) =>
      presentStockItem(row, recommendation(used.get(row.item.id) ?? [], cover, row.unit.wholeUnits)),
    ),
    reminder_data: reminders.map(presentReminder),
    location: presentStockLocation(location),
  };
}

// ---------------------------------------------------------------- stock list administration

export async function adminStockList(app: AppContext, locationId: number) {
  const [items, units] = await Promise.all([
    q.listLocationItems(app.db, locationId > 0 ? locationId : null, false),
    q.listUnits(app.db),
  ]);
  const locs = await q.listLocationsById(app.db, [...new Set(items.map((i) => i.item.locationId))]);
  return {
    success: true as const,
    data: items.map((row) => presentAdminStockItem(row, locs.get(row.item.locationId)?.name ?? '')),
    qty_types: units.map(presentUnit),
  };
}

export async function updateAdminStockList(app: AppContext, { stockData }: UpdateStockListRequest) {
  const ids = stockData.map((r) => r.id);
  if (new Set(ids).size !== ids.length) throw invalid('each stock item can appear only once', 'stockData');
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const current = new Map((await q.findItems(tx, ids)).map((r) => [r.item.id, r]));
    const units = new Map((await q.listUnits(tx)).map((u) => [u.id, u]));
    const message: Record<string, string>[] = [];
    for (const row of stockData) {
      const existing = current.get(row.id);
      if (!existing) throw invalid(`stock item ${row.id} does not exist`, 'stockData');
      const unit = units.get(row.qty_type_id);
      if (!unit) throw invalid(`unit ${row.qty_type_id} does not exist`, 'qty_type_id');
      let price: string;
      try {
        price = money(toMills(row.price));
      } catch {
        throw invalid('price can have at most 2 decimals', 'price');
      }
      if (toMills(price) !== toMills(row.price)) throw invalid('price can have at most 2 decimals', 'price');
      if (row.par !== undefined && unit.wholeUnits && !Number.isInteger(row.par)) {
        throw invalid(`par of ${row.name} must be a whole number of ${unit.qtyType}`, 'par');
      }
      const targets = row.change_all_locations
        ? await q.itemsNamed(tx, existing.item.name)
        : [{ id: existing.item.id, locationId: existing.item.locationId }];
      const targetIds = targets.map((t) => t.id);
      if (row.name !== existing.item.name) {
        const clash = await q.itemsNamedAt(
          tx,
          row.name,
          targets.map((t) => t.locationId),
          existing.item.id,
        );
        const blocking = clash.filter((c) => !targetIds.includes(c.id));
        if (blocking.length) {
          throw invalid(`${row.name} is already on the stock list of ${blocking[0]!.location}`, 'name');
        }
      }
      await q.updateItems(tx, targetIds, {
        name: row.name,
        unitId: unit.id,
        price,
        hasExpiry: row.has_expiry,
        hasGst: row.has_gst,
        status: row.status,
        updatedAt: now,
      });
      if (row.par !== undefined) {
        await q.updateItems(tx, [existing.item.id], { par: String(row.par) });
      }
      const locs = await q.listLocationsById(
        tx,
        targets.map((t) => t.locationId),
      );
      for (const t of targets) {
        message.push({ [row.name]: locs.get(t.locationId)?.name ?? String(t.locationId) });
        const item = existing.item;
        const changed = changedFields(
          {
            name: item.name,
            unit_id: item.unitId,
            price: item.price,
            par: item.par,
            has_expiry: item.hasExpiry,
            has_gst: item.hasGst,
            status: item.status,
          },
          {
            name: row.name,
            unit_id: unit.id,
            price,
            ...(row.par !== undefined && t.id === item.id ? { par: String(row.par) } : {}),
            has_expiry: row.has_expiry,
            has_gst: row.has_gst,
            status: row.status,
          },
        );
        await recordAudit(tx, {
          entityId: t.id,
          locationId: t.locationId,
          summary: `Stock item ${row.name} at ${locs.get(t.locationId)?.name ?? t.locationId}: ${Object.keys(changed.after).join(', ') || 'saved unchanged'}`,
          ...changed,
        });
      }
    }
    return { success: true as const, message };
  });
}
