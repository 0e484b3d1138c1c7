import { toMills } from '@kitchaco/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import {
  kitchens,
  mealCategories,
  mealCombos,
  mealSubitems,
  meals,
  vendorKitchens,
  vendors,
} from '../db/schema/index.js';
import { insertRows } from './batch.js';
import { BRANDS, type BrandDef, CATEGORIES, KITCHENS, type MealDef } from './catalog.js';
import { marketplaceSpelling, type OrderLocation, type OrderMeal } from './orders.js';
import type { BrandPictures } from './pictures.js';
import type { LocationPlan, SeedContext, SeededMenu } from './seed-context.js';
import type { StockLocation } from './stock.js';

/** Seeding phases: the menu, and its pictures. */

/** Kitchens, categories, brands per location, meals, combos, sub items. */
export async function seedMenu(context: SeedContext, plans: LocationPlan[]): Promise<SeededMenu> {
  const { db, rngRef, setupAt } = context;
  // --- Menu: kitchens, categories, brands per location, meals, combos, sub items ---------------
  await insertRows(
    db,
    kitchens,
    KITCHENS.map((title, i) => ({ id: i + 1, title })),
  );
  await insertRows(
    db,
    mealCategories,
    CATEGORIES.map((c) => ({ id: c.id, title: c.title })),
  );

  const vendorRows: (typeof vendors.$inferInsert)[] = [];
  const vendorKitchenRows: (typeof vendorKitchens.$inferInsert)[] = [];
  const mealRows: (typeof meals.$inferInsert)[] = [];
  const comboRows: (typeof mealCombos.$inferInsert)[] = [];
  const subitemRows: (typeof mealSubitems.$inferInsert)[] = [];
  const brandSeen = new Set<number>();
  const brandOfVendor = new Map<number, BrandDef>();
  const orderVendorsByLocation = new Map<
    number,
    { vendor: OrderLocation['vendors'][number]; weight: number }[]
  >();
  const stockMealsByLocation = new Map<number, StockLocation['meals']>();
  for (const plan of plans) {
    const orderVendors: { vendor: OrderLocation['vendors'][number]; weight: number }[] = [];
    const stockMeals: StockLocation['meals'] = [];
    for (const brandIndex of plan.brandIndexes) {
      const brand = BRANDS[brandIndex]!;
      const firstOfBrand = !brandSeen.has(brandIndex);
      brandSeen.add(brandIndex);
      const vendorId = vendorRows.length + 1;
      brandOfVendor.set(vendorId, brand);
      vendorRows.push({
        id: vendorId,
        locationId: plan.id,
        title: brand.title,
        address: plan.def.address,
        logo: null,
        image: null,
        description: brand.description,
        isActive: true,
        createdAt: setupAt,
      });
      for (const kitchen of brand.kitchens) {
        vendorKitchenRows.push({ vendorId, kitchenId: KITCHENS.indexOf(kitchen) + 1 });
      }
      const orderMeals: OrderMeal[] = [];
      const mealWeights: number[] = [];
      brand.meals.forEach((def: MealDef, position) => {
        const status = def.status ?? 'Enabled';
        if (status === 'Waiting for review' && !firstOfBrand) return;
        const mealId = mealRows.length + 1;
        mealRows.push({
          id: mealId,
          vendorId,
          categoryId: def.categoryId,
          name: def.name,
          price: def.price,
          description: def.description,
          image: null,
          status,
          createdAt: setupAt,
          updatedAt: setupAt,
        });
        const combos = (def.combos ?? []).map((index) => {
          const [name, price] = brand.combos[index]!;
          comboRows.push({ id: comboRows.length + 1, mealId, name, price, status: 'Enabled' });
          return { name, price: toMills(price), priceText: price };
        });
        for (const name of def.subitems ?? []) {
          subitemRows.push({ id: subitemRows.length + 1, mealId, name, status: 'Enabled' });
        }
        if (def.bundle) stockMeals.push({ id: mealId, bundle: def.bundle });
        if (status === 'Enabled') {
          orderMeals.push({
            id: mealId,
            name: def.name,
            altName: marketplaceSpelling(def.name),
            price: toMills(def.price),
            priceText: def.price,
            combos,
            subitems: [...(def.subitems ?? [])],
          });
          const categoryWeight = def.categoryId === 51 ? 1 : def.categoryId === 55 ? 0.7 : 0.45;
          mealWeights.push((categoryWeight / (1 + 0.25 * position)) * (0.7 + 0.6 * rngRef.next()));
        }
      });
      orderVendors.push({
        vendor: { id: vendorId, meals: orderMeals, mealWeights },
        weight: 0.6 + 0.8 * rngRef.next(),
      });
    }
    orderVendorsByLocation.set(plan.id, orderVendors);
    stockMealsByLocation.set(plan.id, stockMeals);
  }
  await insertRows(db, vendors, vendorRows);
  await insertRows(db, vendorKitchens, vendorKitchenRows);
  await insertRows(db, meals, mealRows);
  await insertRows(db, mealCombos, comboRows);
  await insertRows(db, mealSubitems, subitemRows);
  return { vendorRows, mealRows, brandOfVendor, orderVendorsByLocation, stockMealsByLocation };
}

export async function seedPictures(
  db: DbOrTx,
  { vendorRows, mealRows, brandOfVendor }: SeededMenu,
  pictures: Promise<Map<string, BrandPictures>> | null,
): Promise<void> {
  // --- Pictures: every brand's logo and cover, every meal's picture ---------------------------
  if (pictures) {
    const stored = await pictures;
    const ofVendor = (vendorId: number) => stored.get(brandOfVendor.get(vendorId)!.slug)!;
    await setPictures(
      db,
      vendorRows.map((v) => ({ id: v.id!, logo: ofVendor(v.id!).logo, image: ofVendor(v.id!).cover })),
      mealRows.map((m) => ({ id: m.id!, image: ofVendor(m.vendorId).meals.get(m.name)! })),
    );
  }
}

/** Sets the stored pictures' addresses on the vendors and meals, as their uploads would. */
async function setPictures(
  db: DbOrTx,
  vendorPictures: { id: number; logo: string; image: string }[],
  mealPictures: { id: number; image: string }[],
): Promise<void> {
  const vendorValues = sql.join(
    vendorPictures.map((v) => sql`(${v.id}::int, ${v.logo}::text, ${v.image}::text)`),
    sql`, `,
  );
  await db.execute(
    sql`UPDATE vendors SET logo = p.logo, image = p.image FROM (VALUES ${vendorValues}) AS p(id, logo, image) WHERE vendors.id = p.id`,
  );
  const mealValues = sql.join(
    mealPictures.map((m) => sql`(${m.id}::int, ${m.image}::text)`),
    sql`, `,
  );
  await db.execute(
    sql`UPDATE meals SET image = p.image FROM (VALUES ${mealValues}) AS p(id, image) WHERE meals.id = p.id`,
  );
}
