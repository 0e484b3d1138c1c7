import { formatPickupTime, onSaleAt } from '@kitchaco/domain';

/**
 * A meal's sale state in words, shared by the kitchen's sold-out panel and the menu screen's badge:
 * "On sale", or "Sold out · back Thu 11:00 AM" on the location's clock ("Sold out · back 11:00 AM"
 * when it is back later today).
 */
export function saleState(soldOutUntil: string | null, timeZone: string, now: Date): string {
  if (onSaleAt(soldOutUntil, now) || !soldOutUntil) return 'On sale';
  return `Sold out · back ${backAt(soldOutUntil, timeZone, now)}`;
}

/** When a sold-out meal is back, on the location's clock: "Thu 11:00 AM", or "11:00 AM" later today. */
export function backAt(soldOutUntil: string, timeZone: string, now: Date): string {
  return formatPickupTime(new Date(soldOutUntil), timeZone, now);
}
