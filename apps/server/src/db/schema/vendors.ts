import type { OpeningHours } from '@kitchaco/domain';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
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
    /**
     * The brand's own weekly hours, within the location's (docs/kitchen.md, "Hours, closures and
     * sold-out items"); null: the location's.
     */
    openingHours: jsonb('opening_hours').$type<OpeningHours>(),
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

/** Posts of the "What's Latest" / "Checkout the latest" feed. */
export const feedPosts = pgTable('feed_posts', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  image: text('image'),
  link: text('link'),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});
