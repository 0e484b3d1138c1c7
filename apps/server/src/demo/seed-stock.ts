import type { LocationPlan, SeedContext, SeededMenu, SeededStaff } from './seed-context.js';
import { seedStock } from './stock.js';

/** Seeding phase: the stock history. */

export async function seedStockHistory(
  context: SeedContext,
  plans: LocationPlan[],
  { stockMealsByLocation }: SeededMenu,
  { stockAdminId, stockUserByLocation }: SeededStaff,
): Promise<Awaited<ReturnType<typeof seedStock>>> {
  const { db, rngStock, now, shape, tz } = context;
  // --- Stock --------------------------------------------------------------------------------
  const stock = await seedStock(db, {
    rng: rngStock,
    now,
    weeks: shape.weeks,
    stockAdminId,
    reminderLocationId: 1,
    locations: plans.map((p) => ({
      id: p.id,
      timeZone: tz,
      deliveryDays: p.def.deliveryDays,
      minStockOrder: p.def.minStockOrder,
      minStockDeliveryCharge: p.minStockDeliveryCharge,
      stockUserId: stockUserByLocation.get(p.id)!,
      meals: stockMealsByLocation.get(p.id)!,
    })),
  });
  return stock;
}
