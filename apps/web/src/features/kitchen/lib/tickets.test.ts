import type { KitchenTicket } from '@kitchaco/domain';
import { describe, expect, it } from 'vitest';
import {
  arrivals,
  canceledReason,
  cancellations,
  channelBadge,
  mergeTickets,
  minutesSeconds,
  recentlyCanceled,
  recentlyDone,
  stationsOf,
  ticketTiming,
  undoSecondsLeft,
  upsertTicket,
} from './tickets';

const T0 = Date.parse('2026-11-27T10:00:00.000Z');
const iso = (offsetMs: number) => new Date(T0 + offsetMs).toISOString();
const MIN = 60_000;

function ticket(id: number, over: Partial<KitchenTicket> = {}): KitchenTicket {
  return {
    id,
    order_id: 1000 + id,
    order_number: String(1000 + id),
    location_id: 1,
    station: { vendor_id: 1, title: 'Bangkok Street' },
    status: 'queued',
    order_status: 'Received',
    created_at: iso(0),
    started_at: null,
    done_at: null,
    updated_at: iso(0),
    promised_at: iso(15 * MIN),
    promised_source: 'default_prep',
    channel: 'online_pickup',
    source: 'Kitchaco App',
    order_type: 'pickup',
    customer_first_name: 'Sam',
    notes: null,
    lines: [],
    bumped_by: null,
    ...over,
  };
}

describe('upsertTicket', () => {
  it('adds a new ticket and replaces an older version, never duplicating', () => {
    const list = upsertTicket([ticket(1)], ticket(2));
    expect(list.map((t) => t.id)).toEqual([1, 2]);
    const started = ticket(1, { status: 'started', updated_at: iso(MIN) });
    const next = upsertTicket(list, started);
    expect(next).toHaveLength(2);
    expect(next[0]?.status).toBe('started');
  });

  it('keeps the newer version when an older one arrives late', () => {
    const list = [ticket(1, { status: 'done', updated_at: iso(2 * MIN) })];
    expect(upsertTicket(list, ticket(1, { status: 'started', updated_at: iso(MIN) }))[0]?.status).toBe(
      'done',
    );
  });
});

describe('mergeTickets', () => {
  it('takes the answer, keeps newer stream versions and tickets made after the answer, drops the rest', () => {
    const held = [
      ticket(1, { status: 'started', updated_at: iso(5 * MIN) }), // newer than the answer's
      ticket(2), // the answer no longer lists it, unchanged since: gone
      ticket(3, { created_at: iso(6 * MIN), updated_at: iso(6 * MIN) }), // came after the answer's now
    ];
    const answer = {
      now: iso(4 * MIN),
      tickets: [ticket(1, { updated_at: iso(MIN) }), ticket(4), ticket(4)],
    };
    const merged = mergeTickets(held, answer);
    expect(merged.map((t) => t.id).sort()).toEqual([1, 3, 4]);
    expect(merged.find((t) => t.id === 1)?.status).toBe('started');
  });

  it('lets the answer win over an older held version', () => {
    const merged = mergeTickets([ticket(1)], {
      now: iso(MIN),
      tickets: [ticket(1, { status: 'done', updated_at: iso(MIN) })],
    });
    expect(merged).toHaveLength(1);
    expect(merged[0]?.status).toBe('done');
  });
});

describe('stations and strips', () => {
  it('groups open tickets by station, oldest first, stations by name', () => {
    const list = [
      ticket(1, { station: { vendor_id: 2, title: 'Taco Town' }, created_at: iso(2 * MIN) }),
      ticket(2, { station: { vendor_id: 1, title: 'Bangkok Street' } }),
      ticket(3, { station: { vendor_id: 2, title: 'Taco Town' }, created_at: iso(MIN) }),
      ticket(4, { status: 'done' }),
      ticket(5, { order_status: 'Canceled' }),
    ];
    const stations = stationsOf(list);
    expect(stations.map((s) => s.title)).toEqual(['Bangkok Street', 'Taco Town']);
    expect(stations[1]?.tickets.map((t) => t.id)).toEqual([3, 1]);
  });

  it('keeps done tickets on the undo strip for two minutes', () => {
    const done = ticket(1, { status: 'done', updated_at: iso(0) });
    expect(undoSecondsLeft(done, T0 + 30_000)).toBe(90);
    expect(recentlyDone([done], T0 + 119_000)).toHaveLength(1);
    expect(recentlyDone([done], T0 + 120_000)).toHaveLength(0);
    expect(undoSecondsLeft(ticket(2), T0)).toBe(0);
  });

  it('tells which tickets are new and still to cook', () => {
    const before = [ticket(1)];
    expect(arrivals(before, [ticket(1), ticket(2), ticket(3, { status: 'done' })]).map((t) => t.id)).toEqual([
      2,
    ]);
  });
});

describe('one truth for tickets (issue 38)', () => {
  it('takes a ticket off the columns once its order is ready, handed over or finished elsewhere', () => {
    const list = [
      ticket(1, { order_status: 'Ready for pickup' }),
      ticket(2, { order_status: 'On its way' }),
      ticket(3, { order_status: 'Finished', status: 'started' }),
      ticket(4, { order_status: 'Cooking', status: 'started' }),
    ];
    expect(stationsOf(list).flatMap((s) => s.tickets.map((t) => t.id))).toEqual([4]);
  });

  it('offers no undo for an order handed over or canceled', () => {
    const done = { status: 'done' as const, updated_at: iso(0) };
    const list = [
      ticket(1, { ...done, order_status: 'Ready for pickup' }),
      ticket(2, { ...done, order_status: 'Finished' }),
      ticket(3, { ...done, order_status: 'Canceled' }),
    ];
    expect(recentlyDone(list, T0 + 10_000).map((t) => t.id)).toEqual([1]);
  });

  it('tells which tickets on the columns were called off, and why', () => {
    const before = [ticket(1), ticket(2), ticket(3, { status: 'done' })];
    const after = [
      ticket(1, { status: 'canceled', order_status: 'Canceled', updated_at: iso(MIN) }),
      ticket(2, { status: 'canceled', updated_at: iso(MIN) }),
      ticket(3, { status: 'done', order_status: 'Canceled' }),
    ];
    const called = cancellations(before, after);
    // The done one was already made: it is not called off on the screen.
    expect(called.map((t) => t.id)).toEqual([1, 2]);
    expect(called.map(canceledReason)).toEqual(['Order canceled', 'Refunded in full']);
    expect(stationsOf(after)).toEqual([]);
    // A canceled ticket a screen never showed as open (loaded after) is no new alarm.
    expect(cancellations([], after)).toEqual([]);
  });

  it('keeps canceled notices for 15 minutes, the latest first', () => {
    const list = [
      ticket(1, { status: 'canceled', updated_at: iso(0) }),
      ticket(2, { status: 'canceled', updated_at: iso(MIN) }),
    ];
    expect(recentlyCanceled(list, T0 + 2 * MIN).map((t) => t.id)).toEqual([2, 1]);
    expect(recentlyCanceled(list, T0 + 15 * MIN + 1).map((t) => t.id)).toEqual([2]);
  });
});

describe('timing', () => {
  it('says on time, due soon and late in words, with the age in mm:ss', () => {
    const t = ticket(1);
    expect(ticketTiming(t, T0 + 65_000)).toEqual({ timing: 'on-time', label: 'On time', age: '01:05' });
    expect(ticketTiming(t, T0 + 12 * MIN)).toMatchObject({ timing: 'due-soon', label: 'Due in 3 min' });
    expect(ticketTiming(t, T0 + 15 * MIN)).toMatchObject({ timing: 'due-soon', label: 'Due now' });
    expect(ticketTiming(t, T0 + 19 * MIN + 30_000)).toMatchObject({ timing: 'late', label: 'Late 4 min' });
    expect(ticketTiming(t, T0 + 15 * MIN + 1_000)).toMatchObject({ timing: 'late', label: 'Late 1 min' });
  });

  it('writes long ages in minutes and never negative', () => {
    expect(minutesSeconds(75 * MIN + 2_000)).toBe('75:02');
    expect(minutesSeconds(-5_000)).toBe('00:00');
  });

  it('names the channels as the pass does', () => {
    expect(channelBadge('in_store_card')).toBe('Kiosk');
    expect(channelBadge('doordash')).toBe('DoorDash');
    expect(channelBadge('online_delivery')).toBe('Online');
  });
});
