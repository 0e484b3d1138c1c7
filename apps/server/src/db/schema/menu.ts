import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { mealStatusEnum, money } from './enums.js';
import { locations } from './locations.js';

/** A cuisine ("Burgers", "Thai"); vendors are grouped by kitchen on the restaurants tab. */
export const kitchens = pgTable('kitchens', {
  id: serial('id').primaryKey(),
  title: text('title').notNull().unique(),
});

/** A restaurant brand at one location. */
export const vendors = pgTable(
  'vendors',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    title: text('title').notNull(),
    address: text('address'),
    logo: text('logo'),
    image: text('image'),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vendors_location_idx').on(t.locationId)],
);

export const vendorKitchens = pgTable(
  'vendor_kitchens',
  {
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    kitchenId: integer('kitchen_id')
      .notNull()
      .references(() => kitchens.id),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.kitchenId] })],
);

export const mealCategories = pgTable('meal_categories', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
});

export const meals = pgTable(
  'meals',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    categoryId: integer('category_id').references(() => mealCategories.id),
    name: text('name').notNull(),
    price: money('price').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    status: mealStatusEnum('status').notNull().default('Enabled'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('meals_vendor_idx').on(t.vendorId)],
);

/** A paid extra; several may be chosen, each multiplied by the quantity. */
export const mealCombos = pgTable(
  'meal_combos',
  {
    id: serial('id').primaryKey(),
    mealId: integer('meal_id')
      .notNull()
      .references(() => meals.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    price: money('price').notNull().default('0'),
    status: mealStatusEnum('status').notNull().default('Enabled'),
  },
  (t) => [index('meal_combos_meal_idx').on(t.mealId)],
);

/** A pick-one choice at no extra cost. */
export const mealSubitems = pgTable(
  'meal_subitems',
  {
    id: serial('id').primaryKey(),
    mealId: integer('meal_id')
      .notNull()
      .references(() => meals.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: mealStatusEnum('status').notNull().default('Enabled'),
  },
  (t) => [index('meal_subitems_meal_idx').on(t.mealId)],
);

/** Posts of the "What's Latest" / "Checkout the latest" feed. */
export const feedPosts = pgTable('feed_posts', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  image: text('image'),
  link: text('link'),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});
