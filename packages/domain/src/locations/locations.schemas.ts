import { z } from 'zod';

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
