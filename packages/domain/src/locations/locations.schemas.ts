import { z } from 'zod';
import { dbId } from '../wire/wire.js';

/** A provider location as customers and staff read it. `location` is the address text. */
export const kitchacoLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  suburb: z.string(),
  lat: z.number(),
  lng: z.number(),
  time_zone: z.string(),
  square_location_id: z.string().nullable(),
  delivery_charge: z.number(),
});
export type KitchacoLocation = z.infer<typeof kitchacoLocation>;

export const kitchacoLocationList = z.array(kitchacoLocation);
export const kitchacoLocationsResponse = z.object({ kitchaco_locations: kitchacoLocationList });

/** delivery-charge: one location (kitchaco), or every location. */
export const deliveryChargeRequest = z.object({ kitchaco: dbId.optional() });
export const deliveryChargeResponse = z.object({
  success: z.literal(true),
  data: z.array(
    z.object({
      kitchaco: z.number().int(),
      location: z.string(),
      /** Added to a customer delivery order. */
      delivery_charge: z.number(),
      /** Stock orders below this total pay the below-minimum fee. */
      min_stock_order: z.number(),
      min_stock_delivery_charge: z.number(),
    }),
  ),
});
