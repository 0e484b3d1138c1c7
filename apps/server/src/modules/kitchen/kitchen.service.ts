import { randomBytes } from 'node:crypto';
import {
  type BumpKitchenTicketRequest,
  type BumpKitchenTicketResponse,
  CAPACITY_SLOT_MINUTES,
  KITCHEN_BUMP_STATUSES,
  KITCHEN_CANCELED_VISIBLE_MINUTES,
  KITCHEN_DONE_VISIBLE_MINUTES,
  KITCHEN_UNDO_WINDOW_SECONDS,
  type KitchenBumpStatus,
  type KitchenCapacityRequest,
  type KitchenCapacityResponse,
  type KitchenTicketsRequest,
  type KitchenTicketsResponse,
  localDate,
  nextSlot,
  orderSlot,
  PICKUP_BOARD_READY_MINUTES,
  type PickupBoardLinkRequest,
  type PickupBoardLinkResponse,
  type PickupBoardResponse,
  type SaveKitchenCapacityRequest,
  zonedInstant,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { Actor, StaffActor } from '../../http/actor.js';
import { conflict, forbidden, invalid, notFound } from '../../http/errors.js';
import type { EventStream } from '../../http/registry.js';
import { changeCatalog } from '../../lib/catalog-cache.js';
import { recordAudit } from '../audit/audit.record.js';
import { applyOrderStatus, lockOrderForStatus } from '../orders/orders.service.js';
import { slotLoad } from './capacity.js';
import { presentTicket } from './kitchen.presenter.js';
import * as q from './kitchen.queries.js';
import { kitchenDisplays } from './kitchen-displays.js';
import { kitchenHub } from './kitchen-events.js';

export function staffOf(actor: Actor): StaffActor {
  if (actor.kind !== 'staff') throw forbidden('Staff only.');
  return actor.user;
}

/**
 * The location a kitchen call works on: a kitchen or operator account its own (naming another is
 * refused), a super admin the one named (required, and it must exist).
 */
export async function locationFor(app: AppContext, actor: Actor, requested: number | undefined) {
  const user = staffOf(actor);
  let id: number;
  if (user.roles.has('super_admin')) {
    if (requested === undefined) throw invalid('kitchaco is required: choose a location.', 'kitchaco');
    id = requested;
  } else {
    if (user.locationId === null) throw forbidden('Your account is not linked to a location.');
    if (requested !== undefined && requested !== user.locationId)
      throw forbidden('This location is not yours.');
    id = user.locationId;
  }
  const location = await q.locationById(app.db, id);
  if (!location) throw notFound(`Location ${id} does not exist.`);
  return location;
}

function checkTicketPlace(user: StaffActor, locationId: number): void {
  if (user.roles.has('super_admin')) return;
  if (user.locationId === null) throw forbidden('Your account is not linked to a location.');
  if (user.locationId !== locationId) throw forbidden('This ticket is not at your location.');
}

async function presentRows(app: AppContext, rows: q.TicketRow[]) {
  const lines = await q.linesOfTickets(
    app.db,
    rows.map((r) => r.ticket),
  );
  return rows.map((r) => presentTicket(r, lines));
}

/** `kitchen_tickets`: the location's open tickets and the server's time. */
export async function kitchenTickets(
  app: AppContext,
  actor: Actor,
  input: KitchenTicketsRequest,
): Promise<KitchenTicketsResponse> {
  const location = await locationFor(app, actor, input.kitchaco);
  const now = app.clock.now();
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const rows = await q.openTicketsOf(
    app.db,
    location.id,
    {
      done: minutesAgo(KITCHEN_DONE_VISIBLE_MINUTES),
      canceled: minutesAgo(KITCHEN_CANCELED_VISIBLE_MINUTES),
    },
    input.since ? new Date(input.since) : null,
  );
  return {
    success: true,
    kitchaco: location.id,
    tickets: await presentRows(app, rows),
    time_zone: location.timeZone,
    now: now.toISOString(),
  };
}

const rank = (s: KitchenBumpStatus) => KITCHEN_BUMP_STATUSES.indexOf(s);

/**
 * `bump_kitchen_ticket`. Under the order's row lock (so two tablets bumping an order's last two
 * tickets at once are serialised: the second sees the first's ticket done), the ticket moves,
 * its audit entry is recorded and its change announced; then the order follows its tickets
 * through the one status path of update_order_status (orders.service `applyOrderStatus`):
 * - the first ticket started (or done) of a Received order: Cooking, silently (no text);
 * - every ticket done: Ready for pickup, texting the customer the first time it gets there;
 * - an undo of a done ticket of a Ready order: back to Cooking, silently.
 * Moving back is allowed within KITCHEN_UNDO_WINDOW_SECONDS of the ticket's last change, and not
 * once the order is handed over (On its way, Finished). A canceled order's (or ticket's) tickets do
 * not move: a 409 says it was canceled.
 */
export async function bumpKitchenTicket(
  app: AppContext,
  actor: Actor,
  input: BumpKitchenTicketRequest,
): Promise<BumpKitchenTicketResponse> {
  const user = staffOf(actor);
  const found = await q.findTicket(app.db, input.ticket_id);
  if (!found) throw notFound(`Ticket ${input.ticket_id} does not exist.`);
  checkTicketPlace(user, found.locationId);
  const now = app.clock.now();
  const orderStatus = await app.db.transaction(async (tx) => {
    // The order first, then its ticket: every bump of an order takes its locks in this order.
    const order = await lockOrderForStatus(tx, found.orderId);
    if (!order) throw notFound(`Order #${found.orderId} does not exist.`);
    const ticket = await q.lockTicket(tx, found.id);
    if (!ticket) throw notFound(`Ticket ${input.ticket_id} does not exist.`);
    const from = ticket.status;
    const to = input.status;
    if (order.order.status === 'Canceled' || from === 'canceled')
      throw conflict(`Order #${ticket.orderId} was canceled.`);
    if (from === to) return order.order.status;
    const back = rank(to) < rank(from);
    if (back) {
      if (order.order.status === 'On its way' || order.order.status === 'Finished')
        throw conflict(`Order #${ticket.orderId} was handed over, so its ticket can no longer be undone.`);
      const age = now.getTime() - ticket.updatedAt.getTime();
      if (age > KITCHEN_UNDO_WINDOW_SECONDS * 1000)
        throw conflict(
          `This ticket was changed more than ${KITCHEN_UNDO_WINDOW_SECONDS / 60} minutes ago, so it can no longer be undone.`,
        );
    }
    const startedAt = to === 'queued' ? null : (ticket.startedAt ?? now);
    const doneAt = to === 'done' ? now : null;
    await q.updateTicket(tx, ticket.id, { status: to, startedAt, doneAt, updatedAt: now, bumpedBy: user.id });
    await recordAudit(tx, {
      entityId: ticket.id,
      locationId: ticket.locationId,
      summary: `Order #${ticket.orderId}, brand ${ticket.vendorId}: ${from} → ${to}${back ? ' (undo)' : ''}`,
      before: { status: from, started_at: ticket.startedAt, done_at: ticket.doneAt },
      after: { status: to, started_at: startedAt, done_at: doneAt },
    });

    const tickets = await q.ticketStatusesOfOrder(tx, ticket.orderId);
    const allDone = tickets.every((t) => (t.id === ticket.id ? to : t.status) === 'done');
    const status = order.order.status;
    const change = { by: user.id, at: now, fromKitchen: true };
    if (allDone && (status === 'Received' || status === 'Cooking')) {
      await applyOrderStatus(tx, order, 'Ready for pickup', { ...change, sms: 'first' });
    } else if (!allDone && status === 'Ready for pickup' && back) {
      await applyOrderStatus(tx, order, 'Cooking', { ...change, sms: 'never' });
    } else if (to !== 'queued' && status === 'Received') {
      await applyOrderStatus(tx, order, 'Cooking', { ...change, sms: 'never' });
    }
    return order.order.status;
  });
  const [row] = await q.ticketsById(app.db, [found.id]);
  const [ticket] = await presentRows(app, [row!]);
  return { success: true, ticket: ticket!, order_status: orderStatus };
}

/**
 * The kitchen event stream: `hello` on connect (and again when this instance's LISTEN connection
 * comes back after a loss: the screen refetches), then each ticket as it is created or changed. A
 * kitchen or operator account hears its own location's tickets; a super admin the location it
 * names (`?kitchaco=`), or every location's without one (each ticket names its `location_id`).
 */
export async function streamKitchen(
  app: AppContext,
  actor: Actor,
  events: EventStream,
  kitchaco?: number,
): Promise<void> {
  const user = staffOf(actor);
  let locationId: number | null = kitchaco ?? null;
  if (!user.roles.has('super_admin')) {
    if (user.locationId === null) throw forbidden('Your account is not linked to a location.');
    locationId = user.locationId;
  }
  const hello = () => events.send('hello', { now: app.clock.now().toISOString(), kitchaco: locationId });
  const unsubscribe = await kitchenHub(app).subscribe(locationId, {
    ticket: (ticket) => {
      // A new ticket reaching a screen: its way from the paid order (the ticket is written with it).
      if (ticket.status === 'queued' && ticket.updated_at === ticket.created_at) {
        ticketShown(app, ticket.created_at);
      }
      events.send('ticket', ticket);
    },
    resync: hello,
  });
  events.onClose(unsubscribe);
  // Counted on the health page, whichever instance holds it.
  events.onClose(await kitchenDisplays(app).opened(locationId));
  hello();
}

function ticketShown(app: AppContext, createdAt: string): void {
  app.metrics.ticketShown((app.clock.now().getTime() - Date.parse(createdAt)) / 1000);
}

/** Slots shown with the capacity settings: the one an order placed now lands in, and the next 7. */
const LOAD_SLOTS_SHOWN = 8;

async function presentCapacity(
  app: AppContext,
  location: { id: number; timeZone: string; slotCapacityItems: number | null; busyUntil: Date | null },
): Promise<KitchenCapacityResponse> {
  const now = app.clock.now();
  const first = orderSlot(now, null);
  const last = nextSlot(first, LOAD_SLOTS_SHOWN - 1);
  const load = await slotLoad(app.db, location.id, first, last);
  const busy = location.busyUntil && location.busyUntil.getTime() > now.getTime() ? location.busyUntil : null;
  return {
    success: true,
    kitchaco: location.id,
    slot_capacity_items: location.slotCapacityItems,
    busy_until: busy?.toISOString() ?? null,
    load: Array.from({ length: LOAD_SLOTS_SHOWN }, (_, i) => {
      const slot = nextSlot(first, i);
      return { slot: slot.toISOString(), items: load.get(slot.getTime()) ?? 0 };
    }),
    time_zone: location.timeZone,
    now: now.toISOString(),
  };
}

/** `kitchen_capacity`: the location's capacity, busy switch and load per slot. */
export async function kitchenCapacity(
  app: AppContext,
  actor: Actor,
  input: KitchenCapacityRequest,
): Promise<KitchenCapacityResponse> {
  return presentCapacity(app, await locationFor(app, actor, input.kitchaco));
}

/**
 * `save_kitchen_capacity`: sets the capacity per slot and/or the busy switch, audited. The
 * location's cached row (checkout reads it) is dropped on every instance.
 */
export async function saveKitchenCapacity(
  app: AppContext,
  actor: Actor,
  input: SaveKitchenCapacityRequest,
): Promise<KitchenCapacityResponse> {
  const location = await locationFor(app, actor, input.kitchaco);
  const now = app.clock.now();
  const values: { slotCapacityItems?: number | null; busyUntil?: Date | null } = {};
  if (input.slot_capacity_items !== undefined) values.slotCapacityItems = input.slot_capacity_items;
  if (input.busy_minutes !== undefined) {
    values.busyUntil =
      input.busy_minutes === 0 ? null : new Date(now.getTime() + input.busy_minutes * 60_000);
  }
  const after = { ...location, ...values };
  if (Object.keys(values).length > 0) {
    await changeCatalog(app, async (tx) => {
      await q.setKitchenCapacity(tx, location.id, values);
      const busy = input.busy_minutes;
      await recordAudit(tx, {
        entityId: location.id,
        locationId: location.id,
        summary: `${location.name}: kitchen capacity ${after.slotCapacityItems ?? 'unlimited'} items per ${CAPACITY_SLOT_MINUTES} minutes${busy === undefined ? '' : busy === 0 ? ', busy off' : `, busy for ${busy} minutes`}`,
        before: {
          slot_capacity_items: location.slotCapacityItems,
          busy_until: location.busyUntil?.toISOString() ?? null,
        },
        after: {
          slot_capacity_items: after.slotCapacityItems,
          busy_until: after.busyUntil?.toISOString() ?? null,
        },
      });
    });
  }
  return presentCapacity(app, after);
}

const newDisplayToken = () => randomBytes(24).toString('base64url');
const boardPath = (token: string) => `/pickup-board?display=${encodeURIComponent(token)}`;

/** `pickup_board_link`: the location's pickup board secret, or a new one (`rotate`), audited. */
export async function pickupBoardLink(
  app: AppContext,
  actor: Actor,
  input: PickupBoardLinkRequest,
): Promise<PickupBoardLinkResponse> {
  const location = await locationFor(app, actor, input.kitchaco);
  let token = location.displayToken;
  if (input.rotate) {
    token = newDisplayToken();
    await app.db.transaction(async (tx) => {
      await q.setDisplayToken(tx, location.id, token);
      // The secret itself is never written to the log.
      await recordAudit(tx, {
        entityId: location.id,
        locationId: location.id,
        summary: `${location.name}: pickup board link replaced`,
        before: { display_token: 'previous' },
        after: { display_token: 'replaced' },
      });
    });
  }
  return { success: true, kitchaco: location.id, display_token: token, path: boardPath(token) };
}

/** The public pickup board of the location whose display token this is (404 for any other). */
export async function pickupBoard(app: AppContext, display: string): Promise<PickupBoardResponse> {
  const location = await q.locationByDisplayToken(app.db, display);
  if (!location) throw notFound('This pickup board link is not valid. Ask the store for a new one.');
  const now = app.clock.now();
  const dayStart = zonedInstant(localDate(now, location.timeZone), location.timeZone);
  const [preparing, ready] = await Promise.all([
    q.preparingOrders(app.db, location.id, dayStart),
    q.readyOrders(app.db, location.id, new Date(now.getTime() - PICKUP_BOARD_READY_MINUTES * 60_000)),
  ]);
  return {
    location: { name: location.name, time_zone: location.timeZone },
    preparing: preparing.map((o) => ({ order_number: String(o.id) })),
    ready: ready.map((o) => ({ order_number: String(o.id), ready_at: (o.readyAt ?? now).toISOString() })),
    now: now.toISOString(),
  };
}
