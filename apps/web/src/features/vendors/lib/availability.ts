import {
  type BrandSchedule,
  formatPickupTime,
  nextOpenAt,
  onSaleAt,
  openAt,
  type Schedule,
} from '@kitchaco/domain';

/** A brand's schedule as the wire sends it (`vendor.schedule`) in the domain's shape. */
export function scheduleOf(wire: BrandSchedule): Schedule {
  return {
    timeZone: wire.time_zone,
    hours: wire.opening_hours,
    closures: wire.closures.map((c) => ({ startsAt: new Date(c.starts_at), endsAt: new Date(c.ends_at) })),
  };
}

export interface BrandOpenness {
  open: boolean;
  /** When closed: "Closed · opens Thu 11:00 AM", or "Closed today (Public holiday)" during a closure. */
  label: string | null;
}

const OPEN: BrandOpenness = { open: true, label: null };

/**
 * Whether a brand takes orders now, with the words for a closed one. No schedule (an older server):
 * open; the checkout decides anyway.
 */
export function brandOpenness(wire: BrandSchedule | undefined, now: Date): BrandOpenness {
  if (!wire) return OPEN;
  const schedule = scheduleOf(wire);
  if (openAt(now, schedule)) return OPEN;
  const closure = wire.closures.find(
    (c) => Date.parse(c.starts_at) <= now.getTime() && now.getTime() < Date.parse(c.ends_at),
  );
  const next = nextOpenAt(now, schedule);
  const when = next && formatPickupTime(next, wire.time_zone, now);
  const opens = when ? ` · opens ${when}` : '';
  if (closure) {
    // "Thu 7:45 PM" names another day; "7:45 PM" is later today.
    const laterToday = next !== null && when === formatPickupTime(next, wire.time_zone);
    const reason = closure.reason.trim() ? ` (${closure.reason.trim()})` : '';
    return { open: false, label: `${laterToday ? 'Closed' : 'Closed today'}${reason}${opens}` };
  }
  return { open: false, label: `Closed${opens}` };
}

/** Whether a menu meal is sold out at the instant (`sold_out_until` in the future). */
export function isSoldOut(meal: { sold_out_until?: string | null }, now: Date): boolean {
  return !onSaleAt(meal.sold_out_until ?? null, now);
}
