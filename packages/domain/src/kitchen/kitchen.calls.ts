import { z } from 'zod';
import { BACK_OFFICE, ENDPOINTS, PUBLIC, queryCall, routeCall, staff } from '../wire/calls.js';
import {
  addClosureRequest,
  bumpKitchenTicketRequest,
  bumpKitchenTicketResponse,
  kitchenAvailabilityRequest,
  kitchenAvailabilityResponse,
  kitchenCapacityRequest,
  kitchenCapacityResponse,
  kitchenEventsQuery,
  kitchenTicketsRequest,
  kitchenTicketsResponse,
  pickupBoardLinkRequest,
  pickupBoardLinkResponse,
  pickupBoardQuery,
  pickupBoardResponse,
  removeClosureRequest,
  saveKitchenCapacityRequest,
  saveKitchenCapacityResponse,
  saveOpeningHoursRequest,
  setMealSoldOutRequest,
  setMealSoldOutResponse,
} from './kitchen.schemas.js';

/** Kitchen staff, and the back office (operators for their own location, super admins any). */
export const KITCHEN_FLOOR = staff('kitchen', 'operator', 'super_admin');

/** The calls of the kitchen floor (docs/kitchen.md). */
export const kitchenCalls = {
  kitchenTickets: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'kitchen_tickets',
    summary:
      "A location's open kitchen tickets (one per order and brand), with done ones of the last 15 minutes, and the server's time.",
    access: KITCHEN_FLOOR,
    audit: false,
    input: kitchenTicketsRequest,
    response: kitchenTicketsResponse,
    failures: 'spec',
    statuses: [404],
  }),
  bumpKitchenTicket: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'bump_kitchen_ticket',
    summary:
      'Moves a kitchen ticket to queued, started or done (moving back is the undo, within 2 minutes). The first start makes the order Cooking; the last done makes it Ready for pickup (the customer is texted once).',
    access: KITCHEN_FLOOR,
    audit: { action: 'kitchen.bump', entity: 'kitchen_ticket' },
    input: bumpKitchenTicketRequest,
    response: bumpKitchenTicketResponse,
    failures: 'spec',
    statuses: [404, 409],
  }),
  kitchenEvents: routeCall({
    method: 'GET',
    url: '/api/v1/kitchen/events/',
    summary:
      'Server-sent events of kitchen tickets: `event: hello` (`{ now, kitchaco }`) on connect (and after the server missed notifications), `event: ticket` (the ticket as kitchen_tickets lists it) on every creation or change; `: ping` every 15 s. Kitchen and operator accounts hear their own location; a super admin every location (filter by `location_id`). Refetch kitchen_tickets on every hello. Read it with fetch (Authorization header), not EventSource.',
    tag: 'kitchen',
    access: KITCHEN_FLOOR,
    audit: false,
    query: kitchenEventsQuery,
    response: z.string(),
    failures: 'status',
    statuses: [404],
  }),
  pickupBoardLink: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'pickup_board_link',
    summary:
      "The secret link of a location's pickup board display; `rotate: true` replaces it (the old link stops working).",
    access: BACK_OFFICE,
    audit: { action: 'location.pickup_board_rotate', entity: 'location' },
    input: pickupBoardLinkRequest,
    response: pickupBoardLinkResponse,
    failures: 'spec',
    statuses: [404],
  }),
  pickupBoard: routeCall({
    method: 'GET',
    url: '/api/v1/pickup-board/',
    summary:
      "A location's pickup board: order numbers preparing (paid today, not all tickets done) and ready (Ready for pickup in the last 30 minutes). Only the display token grants access; a wrong one is a 404.",
    tag: 'kitchen',
    access: PUBLIC,
    query: pickupBoardQuery,
    response: pickupBoardResponse,
    failures: 'status',
    statuses: [404],
  }),
  kitchenCapacity: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'kitchen_capacity',
    summary:
      "A location's kitchen capacity (items per 15-minute slot, null: unlimited), its busy switch, and the items promised per slot from now on.",
    access: KITCHEN_FLOOR,
    audit: false,
    input: kitchenCapacityRequest,
    response: kitchenCapacityResponse,
    failures: 'spec',
    statuses: [404],
  }),
  saveKitchenCapacity: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'save_kitchen_capacity',
    summary:
      "Sets a location's kitchen capacity (items per 15-minute slot, null: unlimited) and its busy switch (online ordering paused for 15, 30 or 60 minutes; 0: off).",
    access: BACK_OFFICE,
    audit: { action: 'location.kitchen_capacity', entity: 'location' },
    input: saveKitchenCapacityRequest,
    response: saveKitchenCapacityResponse,
    failures: 'spec',
    statuses: [404],
  }),
  kitchenAvailability: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'kitchen_availability',
    summary:
      'A location\'s opening hours, each brand\'s own hours and enabled meals (with when a sold-out one is back), the closures that have not ended, and when "sold out today" would end.',
    access: KITCHEN_FLOOR,
    audit: false,
    input: kitchenAvailabilityRequest,
    response: kitchenAvailabilityResponse,
    failures: 'spec',
    statuses: [404],
  }),
  setMealSoldOut: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'set_meal_sold_out',
    summary:
      'Marks a meal sold out until the next opening on a later day (`until: "today"`) or a chosen time, or back on sale (`until: null`). Customers see it greyed; the checkout refuses it until then.',
    access: KITCHEN_FLOOR,
    audit: { action: 'menu.sold_out', entity: 'meal' },
    input: setMealSoldOutRequest,
    response: setMealSoldOutResponse,
    failures: 'spec',
    statuses: [404],
  }),
  saveOpeningHours: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'save_opening_hours',
    summary:
      "Sets a location's weekly opening hours, or a brand's (`vendor_id`; null: the location's). Answers as kitchen_availability.",
    access: BACK_OFFICE,
    audit: { action: 'location.opening_hours', entity: 'location' },
    input: saveOpeningHoursRequest,
    response: kitchenAvailabilityResponse,
    failures: 'spec',
    statuses: [404],
  }),
  addClosure: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'add_closure',
    summary:
      'Closes a location (or one brand, `vendor_id`) from `starts_at` to `ends_at` (a public holiday, a refit), with a reason customers see. Answers as kitchen_availability.',
    access: BACK_OFFICE,
    audit: { action: 'location.closure_add', entity: 'location_closure' },
    input: addClosureRequest,
    response: kitchenAvailabilityResponse,
    failures: 'spec',
    statuses: [404],
  }),
  removeClosure: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'remove_closure',
    summary:
      'Removes a closure (the location or brand opens by its hours again). Answers as kitchen_availability.',
    access: BACK_OFFICE,
    audit: { action: 'location.closure_remove', entity: 'location_closure' },
    input: removeClosureRequest,
    response: kitchenAvailabilityResponse,
    failures: 'spec',
    statuses: [404],
  }),
};
