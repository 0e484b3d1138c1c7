import { nextSlot, slotOf, slotsWithRoom } from '../kitchen/capacity.js';
import { KITCHEN_DEFAULT_PREP_MINUTES } from '../kitchen/kitchen.schemas.js';
import { type Mills, toMills } from '../money/money.js';

/**
 * The Restaurants tab's cues (docs/customer-app.md): a brand's price level and the current pickup
 * estimate of its kitchen. Both are computed on the server and sent as optional vendor fields.
 */

/** $ to $$$$. */
export type PriceLevel = 1 | 2 | 3 | 4;

/**
 * Upper bounds (excluded) of the median main for $, $$ and $$$; at or above the last is $$$$.
 * Australian takeaway prices: a $14 main is cheap, a $25 one is a treat.
 */
export const PRICE_LEVEL_BOUNDS: readonly Mills[] = [toMills('15.00'), toMills('20.00'), toMills('25.00')];

/** The category whose meals are a brand's "mains"; a brand without any is judged on all its meals. */
export const MAINS_CATEGORY_TITLE = 'Mains';

/** The median of prices in mills (the mean of the middle two for an even count), or null for none. */
export function medianPrice(prices: readonly Mills[]): Mills | null {
  if (prices.length === 0) return null;
  const sorted = [...prices].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/**
 * A brand's price level from its meals on sale: the median price of its mains (meals in the
 * "Mains" category), or of all its meals when it has no mains; null when nothing is on sale.
 */
export function priceLevel(meals: readonly { price: Mills; category: string | null }[]): PriceLevel | null {
  const mains = meals.filter((m) => m.category?.trim().toLowerCase() === MAINS_CATEGORY_TITLE.toLowerCase());
  const median = medianPrice((mains.length > 0 ? mains : meals).map((m) => m.price));
  if (median === null) return null;
  const below = PRICE_LEVEL_BOUNDS.findIndex((bound) => median < bound);
  return (below === -1 ? PRICE_LEVEL_BOUNDS.length + 1 : below + 1) as PriceLevel;
}

/** "$$" for level 2. */
export function priceLevelSymbol(level: PriceLevel): string {
  return '$'.repeat(level);
}

/** "Moderately priced" for level 2: what a screen reader says instead of "dollar dollar". */
export function priceLevelName(level: PriceLevel): string {
  return ['Inexpensive', 'Moderately priced', 'Pricey', 'Expensive'][level - 1]!;
}

/** How far ahead the estimate looks for a slot with room: 4 hours of 15-minute slots. */
export const PICKUP_ESTIMATE_SEARCH_SLOTS = 16;
/** The estimate's range is at least this wide (minutes). */
export const PICKUP_ESTIMATE_MIN_SPAN = 10;

export interface PickupEstimate {
  min_minutes: number;
  max_minutes: number;
}

export interface PickupEstimateInput {
  now: Date;
  /** Items per 15-minute slot; null: unlimited. */
  capacity: number | null;
  /** Items already promised per slot (by the slot's epoch ms). */
  load: ReadonlyMap<number, number>;
  /** The busy switch: no online orders are taken until then. */
  busyUntil: Date | null;
  /** Whether the brand and its kitchen are open just before a slot ends. */
  open: (at: Date) => boolean;
}

const floorTo5 = (minutes: number) => Math.floor(minutes / 5) * 5;
const ceilTo5 = (minutes: number) => Math.ceil(minutes / 5) * 5;

/**
 * "Pickup in 15-30 min" for an order of one item placed now: it is ready at the end of the first
 * slot, from the one the default preparation ends in, that has room and is open. The range runs from that slot's start (never sooner than the preparation) to its end,
 * in whole 5 minutes, at least PICKUP_ESTIMATE_MIN_SPAN wide. Null when the brand is closed now, the
 * busy switch is on (online orders wait) or no slot in the next 4 hours has room.
 */
export function pickupEstimate({
  now,
  capacity,
  load,
  busyUntil,
  open,
}: PickupEstimateInput): PickupEstimate | null {
  if (!open(now) || (busyUntil && busyUntil.getTime() > now.getTime())) return null;
  const earliest = new Date(now.getTime() + KITCHEN_DEFAULT_PREP_MINUTES * 60_000);
  const [slot] = slotsWithRoom(slotOf(earliest), 1, capacity, load, {
    count: 1,
    search: PICKUP_ESTIMATE_SEARCH_SLOTS,
    open: (s) => open(new Date(s.getTime() - 60_000)),
  });
  if (!slot) return null;
  const minutes = (at: Date) => (at.getTime() - now.getTime()) / 60_000;
  const slotStart = nextSlot(slot, -1);
  const min = Math.max(
    KITCHEN_DEFAULT_PREP_MINUTES,
    floorTo5(minutes(slotStart.getTime() > earliest.getTime() ? slotStart : earliest)),
  );
  const max = Math.max(min + PICKUP_ESTIMATE_MIN_SPAN, ceilTo5(minutes(slot)));
  return { min_minutes: min, max_minutes: max };
}
