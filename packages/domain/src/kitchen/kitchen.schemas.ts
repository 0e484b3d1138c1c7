import { z } from 'zod';
import { SALES_CHANNELS } from '../constants.js';
import { orderStatus, orderTypes } from '../orders/checkout.schemas.js';
import { dbId, dbIdText } from '../wire/wire.js';
import { closureWire, openingHoursSchema } from './schedule.schemas.js';

export * from './schedule.schemas.js';

/**
 * A kitchen ticket's life: one ticket per order and brand (station); docs/kitchen.md. The kitchen
 * moves it queued -> started -> done; `canceled` is set only by its order (canceled, or refunded in
 * full, while the ticket was open), never by a bump: see KITCHEN_BUMP_STATUSES.
 */
export const KITCHEN_TICKET_STATUSES = ['queued', 'started', 'done', 'canceled'] as const;
export type KitchenTicketStatus = (typeof KITCHEN_TICKET_STATUSES)[number];
export const kitchenTicketStatus = z.enum(KITCHEN_TICKET_STATUSES);
/** The statuses a kitchen screen may move a ticket to (bump_kitchen_ticket), in their order. */
export const KITCHEN_BUMP_STATUSES = ['queued', 'started', 'done'] as const;
export type KitchenBumpStatus = (typeof KITCHEN_BUMP_STATUSES)[number];
/** A canceled ticket stays on the kitchen screen (as a "Canceled" notice) this long. */
export const KITCHEN_CANCELED_VISIBLE_MINUTES = 15;

/** A ticket may be moved back (undo) within this many seconds of its last change; later is a 409. */
export const KITCHEN_UNDO_WINDOW_SECONDS = 120;
/** Done tickets stay on the kitchen screen (and in `kitchen_tickets`) this long, so undo can work. */
export const KITCHEN_DONE_VISIBLE_MINUTES = 15;
/** Promised time of an order without a pickup/delivery time: placed (ticket created) + this. */
export const KITCHEN_DEFAULT_PREP_MINUTES = 15;
/** Ready orders stay on the pickup board this long. */
export const PICKUP_BOARD_READY_MINUTES = 30;

/** One line of a ticket: only the lines of the ticket's brand. */
export const kitchenTicketLine = z.object({
  meal_name: z.string(),
  quantity: z.number().int(),
  /** The chosen option (size, flavour), if any. */
  subitem: z.string().nullable(),
  combos: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  /** The customer's note on this line. */
  note: z.string().nullable(),
});
export type KitchenTicketLine = z.infer<typeof kitchenTicketLine>;

/** A kitchen ticket as the kitchen screen shows it (the same in the list and on the event stream). */
export const kitchenTicket = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  /** What the customer is told and the pickup board shows (the order id, as text). */
  order_number: z.string(),
  location_id: z.number().int(),
  station: z.object({ vendor_id: z.number().int(), title: z.string() }),
  status: kitchenTicketStatus,
  /** The order's status (Received, Cooking, Ready for pickup, ...). */
  order_status: orderStatus,
  created_at: z.string(),
  started_at: z.string().nullable(),
  done_at: z.string().nullable(),
  /** Last change of the ticket; an undo is allowed until updated_at + KITCHEN_UNDO_WINDOW_SECONDS. */
  updated_at: z.string(),
  /**
   * When the order is promised: the order's pickup/delivery time when it has one ("order later"),
   * else created_at + KITCHEN_DEFAULT_PREP_MINUTES. `promised_source` says which.
   */
  promised_at: z.string(),
  promised_source: z.enum(['scheduled', 'default_prep']),
  /** The sales channel (in_store_cash, in_store_card, online_pickup, online_delivery, uber_eats, ...). */
  channel: z.enum(SALES_CHANNELS),
  /** The channel's display name ("Kiosk", "Kitchaco App", "Uber Eats", ...). */
  source: z.string(),
  order_type: z.enum(orderTypes),
  customer_first_name: z.string().nullable(),
  /** Special requests of the order as a whole (marketplace notes), if any; line notes are on lines. */
  notes: z.string().nullable(),
  lines: z.array(kitchenTicketLine),
  /** Staff id of the last person who moved the ticket. */
  bumped_by: z.number().int().nullable(),
});
export type KitchenTicket = z.infer<typeof kitchenTicket>;

/**
 * `kitchen_tickets`: the open tickets of a location (not done, plus done in the last
 * KITCHEN_DONE_VISIBLE_MINUTES, and canceled in the last KITCHEN_CANCELED_VISIBLE_MINUTES). A kitchen or operator account reads its own location (kitchaco may
 * be omitted, another location is refused); a super admin names one. `since` (ISO instant) keeps
 * only tickets changed at or after it.
 */
export const kitchenTicketsRequest = z.object({
  kitchaco: dbId.optional(),
  since: z.iso.datetime({ offset: true }).optional(),
});
export type KitchenTicketsRequest = z.infer<typeof kitchenTicketsRequest>;

export const kitchenTicketsResponse = z.object({
  success: z.literal(true),
  kitchaco: z.number().int(),
  tickets: z.array(kitchenTicket),
  /** The location's IANA time zone: the display shows times on the location's clock. */
  time_zone: z.string(),
  /** The server's time, for promised-time countdowns and for the next `since`. */
  now: z.string(),
});
export type KitchenTicketsResponse = z.infer<typeof kitchenTicketsResponse>;

/**
 * `bump_kitchen_ticket`: moves a ticket forward (queued -> started -> done, a step may be skipped) or
 * back (undo, within KITCHEN_UNDO_WINDOW_SECONDS of its last change; later is a 409).
 */
export const bumpKitchenTicketRequest = z.object({
  ticket_id: dbId,
  status: z.enum(KITCHEN_BUMP_STATUSES),
});
export type BumpKitchenTicketRequest = z.infer<typeof bumpKitchenTicketRequest>;

export const bumpKitchenTicketResponse = z.object({
  success: z.literal(true),
  ticket: kitchenTicket,
  /** The order's status after the bump (it becomes Cooking / Ready for pickup with its tickets). */
  order_status: orderStatus,
});
export type BumpKitchenTicketResponse = z.infer<typeof bumpKitchenTicketResponse>;

/**
 * Query of the kitchen event stream. A kitchen or operator account always hears its own location;
 * a super admin's stream carries every location's tickets (each names its `location_id`: keep the
 * shown location's). `kitchaco` is accepted for symmetry with kitchen_tickets.
 */
export const kitchenEventsQuery = z.object({ kitchaco: dbIdText.optional() });

/** `event: ticket` on the kitchen stream: the whole ticket, as `kitchen_tickets` lists it. */
export const kitchenTicketEvent = kitchenTicket;
/**
 * `event: hello` on connect, and again after the server lost its database notifications for a
 * while: the server's time; refetch `kitchen_tickets` on every hello. `kitchaco` is the caller's
 * location, null for a super admin (every location's tickets).
 */
export const kitchenHelloEvent = z.object({ now: z.string(), kitchaco: z.number().int().nullable() });
export type KitchenHelloEvent = z.infer<typeof kitchenHelloEvent>;

/** `pickup_board_link`: read (or, with rotate: true, replace) a location's pickup board secret. */
export const pickupBoardLinkRequest = z.object({
  kitchaco: dbId.optional(),
  rotate: z.boolean().optional(),
});
export type PickupBoardLinkRequest = z.infer<typeof pickupBoardLinkRequest>;

export const pickupBoardLinkResponse = z.object({
  success: z.literal(true),
  kitchaco: z.number().int(),
  display_token: z.string(),
  /** The web page to open on the display: `/pickup-board?display=<token>`. */
  path: z.string(),
});
export type PickupBoardLinkResponse = z.infer<typeof pickupBoardLinkResponse>;

export const pickupBoardQuery = z.object({
  display: z.string({ error: 'display is required' }).trim().min(1, 'display is required').max(200),
});

/** The public pickup board of one location (`GET /api/v1/pickup-board/?display=<token>`). */
export const pickupBoardResponse = z.object({
  location: z.object({ name: z.string(), time_zone: z.string() }),
  /** Paid orders of today whose tickets are not all done, oldest first. */
  preparing: z.array(z.object({ order_number: z.string() })),
  /** Orders Ready for pickup in the last PICKUP_BOARD_READY_MINUTES, newest first. */
  ready: z.array(z.object({ order_number: z.string(), ready_at: z.string() })),
  now: z.string(),
});
export type PickupBoardResponse = z.infer<typeof pickupBoardResponse>;

/**
 * `kitchen_capacity`: a location's capacity settings (docs/kitchen.md, "Capacity"). Kitchen and
 * operator accounts read their own location; a super admin names one.
 */
export const kitchenCapacityRequest = z.object({ kitchaco: dbId.optional() });
export type KitchenCapacityRequest = z.infer<typeof kitchenCapacityRequest>;

export const kitchenCapacityResponse = z.object({
  success: z.literal(true),
  kitchaco: z.number().int(),
  /** Items the kitchen makes per 15-minute slot; null: unlimited. */
  slot_capacity_items: z.number().int().nullable(),
  /** Online ordering is paused until then (ISO); null when not busy. */
  busy_until: z.string().nullable(),
  /** Items promised per slot from now on (next 8 slots), for the operator's view. */
  load: z.array(z.object({ slot: z.string(), items: z.number().int() })),
  /** The location's IANA time zone, for showing the slots on its clock. */
  time_zone: z.string(),
  now: z.string(),
});
export type KitchenCapacityResponse = z.infer<typeof kitchenCapacityResponse>;

/**
 * `save_kitchen_capacity`: sets the capacity (`slot_capacity_items`: a positive whole number, or
 * null for unlimited; omitted: unchanged) and the busy switch (`busy_minutes`: 15, 30 or 60 from
 * now, 0 to switch it off; omitted: unchanged). Operators their own location; super admins any.
 */
export const saveKitchenCapacityRequest = z.object({
  kitchaco: dbId.optional(),
  slot_capacity_items: z.number().int().min(1).max(10_000).nullable().optional(),
  busy_minutes: z.union([z.literal(0), z.literal(15), z.literal(30), z.literal(60)]).optional(),
});
export type SaveKitchenCapacityRequest = z.infer<typeof saveKitchenCapacityRequest>;
export const saveKitchenCapacityResponse = kitchenCapacityResponse;

/** `kitchen_availability`: a location's hours, its brands' hours and items, and its closures. */
export const kitchenAvailabilityRequest = z.object({ kitchaco: dbId.optional() });
export type KitchenAvailabilityRequest = z.infer<typeof kitchenAvailabilityRequest>;

export const kitchenAvailabilityResponse = z.object({
  success: z.literal(true),
  kitchaco: z.number().int(),
  time_zone: z.string(),
  opening_hours: openingHoursSchema,
  brands: z.array(
    z.object({
      vendor_id: z.number().int(),
      title: z.string(),
      /** The brand's own hours; null: the location's. */
      opening_hours: openingHoursSchema.nullable(),
      /** Enabled meals, by name, with when a sold-out one is back (null: on sale). */
      meals: z.array(
        z.object({ id: z.number().int(), meal_name: z.string(), sold_out_until: z.string().nullable() }),
      ),
    }),
  ),
  /** Closures that have not ended, soonest first; vendor_id null: the whole location. */
  closures: z.array(closureWire.extend({ id: z.number().int(), vendor_id: z.number().int().nullable() })),
  /** When "sold out today" ends: the next opening on a later day. */
  sold_out_today_until: z.string(),
  now: z.string(),
});
export type KitchenAvailabilityResponse = z.infer<typeof kitchenAvailabilityResponse>;

/**
 * `set_meal_sold_out`: `until` "today" (back at the next opening on a later day), a time (ISO, in
 * the next 7 days), or null (back on sale now).
 */
export const setMealSoldOutRequest = z.object({
  meal_id: dbId,
  until: z.union([z.literal('today'), z.iso.datetime({ offset: true }), z.null()], {
    error: 'until must be "today", a date and time, or null',
  }),
});
export type SetMealSoldOutRequest = z.infer<typeof setMealSoldOutRequest>;
export const setMealSoldOutResponse = z.object({
  success: z.literal(true),
  meal_id: z.number().int(),
  meal_name: z.string(),
  sold_out_until: z.string().nullable(),
});
export type SetMealSoldOutResponse = z.infer<typeof setMealSoldOutResponse>;

/**
 * `save_opening_hours`: the location's weekly hours (no `vendor_id`), or a brand's (`vendor_id`;
 * null hours: the location's).
 */
export const saveOpeningHoursRequest = z.object({
  kitchaco: dbId.optional(),
  vendor_id: dbId.optional(),
  opening_hours: openingHoursSchema.nullable(),
});
export type SaveOpeningHoursRequest = z.infer<typeof saveOpeningHoursRequest>;

/** At most this far ahead a closure may start, and this long it may last. */
export const CLOSURE_MAX_DAYS_AHEAD = 366;
export const CLOSURE_MAX_DAYS = 62;

/** `add_closure`: closes the location (no `vendor_id`) or one brand from `starts_at` to `ends_at`. */
export const addClosureRequest = z
  .object({
    kitchaco: dbId.optional(),
    vendor_id: dbId.nullable().optional(),
    starts_at: z.iso.datetime({ offset: true, error: 'starts_at must be a date and time' }),
    ends_at: z.iso.datetime({ offset: true, error: 'ends_at must be a date and time' }),
    reason: z.string().trim().min(1, 'reason is required').max(120),
  })
  .refine((c) => Date.parse(c.starts_at) < Date.parse(c.ends_at), {
    message: 'ends_at must be after starts_at',
    path: ['ends_at'],
  })
  .refine((c) => Date.parse(c.ends_at) - Date.parse(c.starts_at) <= CLOSURE_MAX_DAYS * 86_400_000, {
    message: `a closure lasts at most ${CLOSURE_MAX_DAYS} days`,
    path: ['ends_at'],
  });
export type AddClosureRequest = z.infer<typeof addClosureRequest>;

export const removeClosureRequest = z.object({ id: dbId });
export type RemoveClosureRequest = z.infer<typeof removeClosureRequest>;
