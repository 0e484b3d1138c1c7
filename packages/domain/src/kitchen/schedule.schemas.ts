import { z } from 'zod';
import { WEEKDAYS } from '../constants.js';

// The schedule of a brand as the customer app reads it (docs/kitchen.md, "Hours, closures and
// sold-out items"): a module of its own, so the customer's first screen (vendor list) does not
// load the kitchen's other schemas.

/** "HH:MM" on the location's 24-hour clock; a closing time may be "24:00" (midnight). */
const clockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'times are HH:MM on the 24-hour clock (00:00 to 24:00)');

/** One day's hours: open before close, on the same day. */
const dayHours = z
  .object({ open: clockTime, close: clockTime })
  .refine((d) => d.open < d.close, 'the closing time must be after the opening time');

/** Weekly opening hours by weekday name (Monday … Sunday); a missing day is closed. */
export const openingHoursSchema = z.partialRecord(z.enum(WEEKDAYS), dayHours);

/** A closure as the customer app sees it (on a brand's `schedule`). */
export const closureWire = z.object({
  starts_at: z.string(),
  ends_at: z.string(),
  reason: z.string(),
});

/**
 * When a brand takes orders (docs/kitchen.md, "Hours, closures and sold-out items"): its hours
 * within the location's, and the location's and brand's closures that have not ended. The
 * customer app evaluates it with `openAt` / `nextOpenAt`; the checkout applies the same rule.
 */
export const brandSchedule = z.object({
  time_zone: z.string(),
  opening_hours: openingHoursSchema,
  closures: z.array(closureWire),
});
export type BrandSchedule = z.infer<typeof brandSchedule>;
