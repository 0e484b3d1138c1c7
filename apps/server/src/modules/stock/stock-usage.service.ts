import { toAmount, toMills } from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import { conflict, invalid, notFound } from '../../http/errors.js';
import { changedFields, recordAudit } from '../audit/audit.record.js';
import { mealsSold } from '../sales/sales.service.js';
import { presentBundle, presentUnit } from './stock.presenter.js';
import * as q from './stock.queries.js';
import { wireRange } from './stock.service.js';

/** Quantities to 3 decimals, as stored, without float noise. */
const qty3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The stock usage report: meals sold at a location in a date range (location time zone) on every
 * channel, each with its bundle, and the stock they used per item. Marketplace lines whose name
 * matched none of our meals are listed with id -1 and no bundle: they use no stock we can see.
 */
export async function stockUsageReport(
  app: AppContext,
  input: { kitchaco_location: number; start_date: string; end_date: string },
) {
  const location = await q.findLocation(app.db, input.kitchaco_location);
  if (!location) throw notFound('This location does not exist.');
  const { from, to } = wireRange(input.start_date, input.end_date);
  const sold = await mealsSold(app.db, { locationIds: [location.id], all: false, from, to });
  const mealIds = sold.map((m) => m.meal_id).filter((id): id is number => id !== null);
  const [bundles, units] = await Promise.all([q.bundlesOfMeals(app.db, mealIds), q.listUnits(app.db)]);
  const used = new Map<number, { id: number; name: string; qty_type: string; qty: number }>();
  const meal_sold = sold.map((m) => {
    const quantity = Number(m.quantity);
    const own = m.meal_id === null ? [] : bundles.filter((b) => b.bundle.mealId === m.meal_id);
    for (const b of own) {
      const entry = used.get(b.bundle.stockListItemId) ?? {
        id: b.bundle.stockListItemId,
        name: b.itemName,
        qty_type: b.qtyType,
        qty: 0,
      };
      entry.qty = qty3(entry.qty + quantity * Number(b.bundle.qty));
      used.set(entry.id, entry);
    }
    return { id: m.meal_id ?? -1, meal_name: m.name, quantity, stock_bundle: own.map(presentBundle) };
  });
  return {
    success: true as const,
    meal_sold,
    qty_type: units.map(presentUnit),
    stock_list: [...used.values()].sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** The bundle screen: a location's meals with the stock one unit of each uses. */
export async function stockBundlesOfLocation(app: AppContext, locationId: number) {
  const location = await q.findLocation(app.db, locationId);
  if (!location) throw notFound('This location does not exist.');
  const meals = await q.mealsOfLocation(app.db, locationId);
  const [bundles, items] = await Promise.all([
    q.bundlesOfMeals(
      app.db,
      meals.map((m) => m.id),
    ),
    q.listLocationItems(app.db, locationId, false),
  ]);
  return {
    success: true as const,
    meals: meals.map((m) => ({
      meal_id: m.id,
      meal_name: m.name,
      vendor: m.vendor,
      stock_bundle: bundles.filter((b) => b.bundle.mealId === m.id).map(presentBundle),
    })),
    stock_list: items.map(({ item, unit }) => ({ id: item.id, name: item.name, qty_type: unit.qtyType })),
  };
}

async function checkItemForMeal(app: AppContext, mealId: number, itemId: number) {
  const meal = await q.findMealLocation(app.db, mealId);
  if (!meal) throw invalid(`meal ${mealId} does not exist`, 'meal_id');
  const [item] = await q.findItems(app.db, [itemId]);
  if (!item || item.item.locationId !== meal.locationId) {
    throw invalid(`stock item ${itemId} is not on the stock list of this meal's location`, 'stock_list_id');
  }
  return { locationId: meal.locationId, item: item.item.name };
}

const qtyText = (qty: number) => {
  const mills = toMills(qty);
  return String(toAmount(mills, 3));
};

export async function addStockBundle(
  app: AppContext,
  input: { meal_id: number; stock_list_id: number; qty: number },
) {
  const at = await checkItemForMeal(app, input.meal_id, input.stock_list_id);
  if (await q.findBundleOf(app.db, input.meal_id, input.stock_list_id)) {
    throw conflict("This stock item is already in the meal's bundle: edit its quantity instead.");
  }
  await app.db.transaction(async (tx) => {
    const values = { mealId: input.meal_id, stockListItemId: input.stock_list_id, qty: qtyText(input.qty) };
    const added = await q.insertBundle(tx, values);
    await recordAudit(tx, {
      entityId: added.id,
      locationId: at.locationId,
      summary: `Bundle of meal ${input.meal_id}: ${values.qty} × ${at.item} added`,
      before: null,
      after: values,
    });
  });
  return { success: true as const };
}

export async function updateStockBundle(
  app: AppContext,
  input: { stock_bundle: { id: number; stock_list__id: number; qty: number } },
) {
  const { id, stock_list__id: itemId, qty } = input.stock_bundle;
  const bundle = await q.findBundle(app.db, id);
  if (!bundle) throw notFound('This bundle line does not exist.');
  const at = await checkItemForMeal(app, bundle.mealId, itemId);
  if (await q.findBundleOf(app.db, bundle.mealId, itemId, id)) {
    throw conflict("This stock item is already in the meal's bundle.");
  }
  await app.db.transaction(async (tx) => {
    const set = { stockListItemId: itemId, qty: qtyText(qty) };
    await q.updateBundle(tx, id, set);
    await recordAudit(tx, {
      entityId: id,
      locationId: at.locationId,
      summary: `Bundle of meal ${bundle.mealId}: ${set.qty} × ${at.item}`,
      ...changedFields({ stockListItemId: bundle.stockListItemId, qty: bundle.qty }, set),
    });
  });
  return { success: true as const };
}

export async function deleteStockBundle(app: AppContext, id: number) {
  await app.db.transaction(async (tx) => {
    const deleted = await q.deleteBundle(tx, id);
    if (!deleted) throw notFound('This bundle line does not exist.');
    const meal = await q.findMealLocation(tx, deleted.mealId);
    await recordAudit(tx, {
      entityId: id,
      locationId: meal?.locationId ?? null,
      summary: `Bundle of meal ${deleted.mealId}: stock item ${deleted.stockListItemId} removed`,
      before: deleted,
      after: null,
    });
  });
  return { success: true as const };
}
