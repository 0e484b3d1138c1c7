import { z } from 'zod';
import { BACK_OFFICE, ENDPOINTS, PUBLIC, queryCall, routeCall, staff } from '../wire/calls.js';
import {
  bumpKitchenTicketRequest,
  bumpKitchenTicketResponse,
  kitchenCapacityRequest,
  kitchenCapacityResponse,
  kitchenEventsQuery,
  kitchenTicketsRequest,
  kitchenTicketsResponse,
  pickupBoardLinkRequest,
  pickupBoardLinkResponse,
  pickupBoardQuery,
  pickupBoardResponse,
  saveKitchenCapacityRequest,
  saveKitchenCapacityResponse,
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
};
