import { z } from 'zod';
import { brandSchedule } from '../kitchen/schedule.schemas.js';
import { dbId, dbIdText } from '../wire/wire.js';
import { isSafeLink } from './links.js';

export const kitchen = z.object({ id: z.number().int(), title: z.string() });
export type Kitchen = z.infer<typeof kitchen>;

/** A brand as customers see it (`GET /api/v1/vendors/`). */
export const vendor = z.object({
  id: z.number().int(),
  title: z.string(),
  address: z.string().nullable(),
  logo: z.string().nullable(),
  image: z.string().nullable(),
  description: z.string().nullable(),
  kitchaco: z.object({ id: z.number().int(), location: z.string() }),
  kitchens: z.array(kitchen),
  /**
   * When the brand takes orders (docs/kitchen.md): its hours within the location's and the
   * closures that have not ended. Older clients ignore it; the checkout enforces it.
   */
  schedule: brandSchedule.optional(),
  /**
   * $ (1) to $$$$ (4) from the median price of its mains on sale (`priceLevel`,
   * docs/customer-app.md); null when nothing is on sale. Older servers do not send it.
   */
  price_level: z.literal([1, 2, 3, 4]).nullable().optional(),
  /**
   * Minutes until an order placed now could be picked up ("Pickup in 15-30 min", `pickupEstimate`,
   * docs/customer-app.md), from the kitchen's current load; null when the brand is closed, the
   * kitchen is paused (busy) or fully booked for hours. Older servers do not send it.
   */
  pickup_estimate: z
    .object({ min_minutes: z.number().int().min(0), max_minutes: z.number().int().min(0) })
    .nullable()
    .optional(),
});
export type Vendor = z.infer<typeof vendor>;
export const vendorList = z.array(vendor);
export const vendorListQuery = z.object({ kitchaco: dbIdText.optional() });

/** `GET /api/v1/vendor-filters/`: the kitchens (cuisines) vendors are grouped by. */
export const vendorFilters = z.object({ Kitchen: z.array(kitchen) });

export const menuCombo = z.object({ id: z.number().int(), name: z.string(), price: z.number() });
export const menuSubitem = z.object({ id: z.number().int(), name: z.string() });

/** A meal on a vendor's menu: only Enabled meals, combos and sub-items ever reach customers. */
export const menuMeal = z.object({
  id: z.number().int(),
  meal_name: z.string(),
  meal_price: z.number(),
  description: z.string(),
  meal_image: z.string().nullable(),
  category: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  meal_combo: z.array(menuCombo),
  meal_subitem: z.array(menuSubitem),
  /** Sold out until then (ISO; greyed in the app, refused at checkout); null or absent: on sale. */
  sold_out_until: z.string().nullable().optional(),
});
export type MenuMeal = z.infer<typeof menuMeal>;

export const vendorMenu = z.object({ vendor, meals: z.array(menuMeal) });
export type VendorMenu = z.infer<typeof vendorMenu>;
export const vendorIdParams = z.object({ id: dbIdText });

/** A post of the "What's Latest" / "Checkout the latest" feed. */
export const feedPost = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  image: z.string().nullable(),
  link: z.string().nullable(),
  published_at: z.string(),
});
export type FeedPost = z.infer<typeof feedPost>;
export const feedQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(7) });
export const feedList = z.array(feedPost);

export const feedLink = z
  .string()
  .trim()
  .max(500)
  .refine(isSafeLink, 'link must be an http(s) address or a path of this site starting with /');

export const addFeedPostRequest = z.object({
  title: z.string().trim().min(1, 'title is required').max(120),
  body: z.string().trim().min(1, 'body is required').max(1000),
  link: feedLink.optional(),
  image: z.string().trim().max(500).optional(),
});
export const deleteFeedPostRequest = z.object({ id: dbIdText });

/** meal-combo: a published meal's Enabled combos (paid extras) and sub-items (free choices). */
export const mealComboRequest = z.object({ meal_id: dbId });
export const mealComboResponse = z.object({
  success: z.literal(true),
  meal_id: z.number().int(),
  meal_combo: z.array(menuCombo),
  meal_subitem: z.array(menuSubitem),
  /** Sold out until then (ISO; greyed in the app, refused at checkout); null or absent: on sale. */
  sold_out_until: z.string().nullable().optional(),
});
