import {
  type CheckoutRequest,
  cartLineTotal,
  formatAUD,
  type Mills,
  nextOpenAt,
  ORDER_MAX_DAYS_AHEAD,
  openAt,
  orderSlot,
  priceCart,
  type QuoteResponse,
  slotOf,
  sum,
  toAmount,
  toMills,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import { invalid, unprocessable } from '../../http/errors.js';
import { type CapacityPlace, kitchenBusy, kitchenFull, roomFrom } from '../kitchen/capacity.js';
import {
  type CartBrand,
  checkOnSale,
  checkOpenAt,
  locationScheduleData,
  scheduleOf,
} from '../kitchen/schedules.js';
import { activeLocation } from '../locations/locations.service.js';
import { mealsForPricing } from '../vendors/vendors.service.js';
import * as q from './orders.queries.js';

// A checkout priced: its lines, amounts, slot and promo checked against the menu, the schedule and
// the kitchen's capacity (what a quote answers and an order is written from).

export const PROMO_USED_UP = 'This promo code has been used up.';
export const PROMO_USED_BY_CUSTOMER = 'You have already used this promo code.';

export interface PricedLine {
  mealId: number;
  vendorId: number;
  vendorTitle: string;
  mealName: string;
  quantity: number;
  unitPrice: string;
  subitem: { id: number; name: string } | null;
  combos: { id: number; name: string; price: string }[];
  specialRequest: string | null;
  lineTotal: Mills;
}

export interface PricedCheckout {
  locationId: number;
  locationAddress: string;
  timeZone: string;
  /** The card provider's location the payment goes to (Square's location id), if the location names one. */
  providerLocationId: string | null;
  channel: 'online_pickup' | 'online_delivery';
  deliveryLocation: string | null;
  scheduledFor: Date | null;
  promoCode: string | null;
  lines: PricedLine[];
  amounts: ReturnType<typeof priceCart>;
  /**
   * Only when the location sets a kitchen capacity (docs/kitchen.md, "Capacity"): the slot this
   * order would use up, its items, and the first slots with room for it from that slot on.
   */
  capacity: { place: CapacityPlace; slot: Date; items: number; room: Date[] } | null;
}

export const money = (m: Mills) => toAmount(m);

/**
 * Prices a checkout from the server's own data: meals, combos and sub-items must be Enabled and of
 * the chosen location, and on sale at the pickup time; the location and every brand of the cart
 * must be open at that time (docs/kitchen.md, "Hours, closures and sold-out items"); the promo must
 * be valid.
 */
export async function priceCheckout(
  app: AppContext,
  input: CheckoutRequest,
  options: { refuseFull?: boolean } = {},
): Promise<PricedCheckout> {
  const now = app.clock.now();
  // Each of these is cached (catalogue cache): a warm checkout reads them from memory.
  const [location, meals, scheduleData] = await Promise.all([
    activeLocation(app, input.kitchaco),
    mealsForPricing(
      app,
      input.lines.map((l) => l.meal_id),
    ),
    locationScheduleData(app, input.kitchaco),
  ]);
  if (!location) throw invalid('kitchaco: no such location', 'kitchaco');
  if (location.busyUntil && location.busyUntil.getTime() > now.getTime()) {
    throw kitchenBusy(location.timeZone, location.busyUntil, now);
  }
  const lines = input.lines.map((line, i): PricedLine => {
    const meal = meals.get(line.meal_id);
    if (!meal || meal.locationId !== location.id) {
      throw invalid('This meal is not available at the selected location.', `lines.${i}.meal_id`);
    }
    let subitem: PricedLine['subitem'] = null;
    if (meal.subitems.length > 0) {
      subitem = meal.subitems.find((s) => s.id === line.subitem_id) ?? null;
      if (!subitem) throw invalid(`Please choose one option for ${meal.name}.`, `lines.${i}.subitem_id`);
    } else if (line.subitem_id) {
      throw invalid(`${meal.name} has no options to choose.`, `lines.${i}.subitem_id`);
    }
    if (new Set(line.combo_ids).size !== line.combo_ids.length) {
      throw invalid('An extra was chosen twice.', `lines.${i}.combo_ids`);
    }
    const combos = line.combo_ids.map((id) => {
      const combo = meal.combos.find((c) => c.id === id);
      if (!combo) throw invalid(`This extra is not available for ${meal.name}.`, `lines.${i}.combo_ids`);
      return combo;
    });
    const lineTotal = cartLineTotal(
      toMills(meal.price),
      combos.map((c) => toMills(c.price)),
      line.quantity,
    );
    return {
      mealId: meal.id,
      vendorId: meal.vendorId,
      vendorTitle: meal.vendorTitle,
      mealName: meal.name,
      quantity: line.quantity,
      unitPrice: meal.price,
      subitem,
      combos,
      specialRequest: line.special_request || null,
      lineTotal,
    };
  });

  const locationSchedule = scheduleOf(location, scheduleData, null);
  const brands: CartBrand[] = [...new Map(lines.map((l) => [l.vendorId, l.vendorTitle]))].map(
    ([vendorId, title]) => ({ title, schedule: scheduleOf(location, scheduleData, vendorId) }),
  );
  const schedules = [locationSchedule, ...brands.map((b) => b.schedule)];
  let scheduledFor: Date | null = null;
  if (input.order_later) {
    const at = new Date(input.order_later);
    if (at.getTime() <= now.getTime())
      throw invalid('order_later: please choose a time in the future', 'order_later');
    if (at.getTime() > now.getTime() + ORDER_MAX_DAYS_AHEAD * 86_400_000) {
      throw invalid(
        `order_later: orders can be placed up to ${ORDER_MAX_DAYS_AHEAD} days ahead`,
        'order_later',
      );
    }
    checkOpenAt(locationSchedule, brands, at);
    scheduledFor = at;
  } else if (!openAt(now, ...schedules)) {
    // Ordered while the location or a brand of the cart is closed: it is prepared when all of them
    // are next open, and the quote says so.
    scheduledFor = nextOpenAt(now, ...schedules);
    if (!scheduledFor) throw unprocessable('This location is not taking orders at the moment.', 'kitchaco');
  }
  const pickup = scheduledFor ?? now;
  input.lines.forEach((line, i) => {
    checkOnSale(meals.get(line.meal_id)!, i, pickup, location.timeZone, now);
  });

  let capacity: PricedCheckout['capacity'] = null;
  if (location.slotCapacityItems !== null) {
    // Only a location with a capacity pays for this read.
    const place: CapacityPlace = { ...location, schedules };
    const items = lines.reduce((n, l) => n + l.quantity, 0);
    const slot = scheduledFor ? slotOf(scheduledFor) : orderSlot(now, null);
    const room = await roomFrom(app.db, place, slot, items);
    if (options.refuseFull && room[0]?.getTime() !== slot.getTime()) {
      app.metrics.checkout('capacity_full');
      throw kitchenFull(place, room[0], now);
    }
    capacity = { place, slot, items, room };
  }

  let promo = null;
  if (input.promo_code) {
    const row = await q.findPromo(app.db, input.promo_code);
    const live =
      row &&
      (!row.validFrom || row.validFrom.getTime() <= now.getTime()) &&
      (!row.validUntil || row.validUntil.getTime() > now.getTime());
    if (!live) throw invalid('This promo code is not valid.', 'promo_code');
    if (row.maxUses !== null && row.uses >= row.maxUses) throw invalid(PROMO_USED_UP, 'promo_code');
    const minSubTotal = toMills(row.minSubTotal);
    if (sum(lines.map((l) => l.lineTotal)) < minSubTotal) {
      throw invalid(`This promo code needs an order of at least ${formatAUD(minSubTotal)}.`, 'promo_code');
    }
    promo = {
      percentOff: row.percentOff,
      amountOff: row.amountOff === null ? null : toMills(row.amountOff),
      minSubTotal,
    };
  }

  const delivery = input.order_type === 'delivery';
  const amounts = priceCart(
    lines.map((l) => l.lineTotal),
    delivery ? toMills(location.deliveryCharge) : 0,
    promo,
  );
  return {
    locationId: location.id,
    locationAddress: location.address,
    timeZone: location.timeZone,
    providerLocationId: location.squareLocationId ?? null,
    channel: delivery ? 'online_delivery' : 'online_pickup',
    deliveryLocation: delivery ? (input.delivery_location ?? null) : null,
    scheduledFor,
    promoCode: promo ? (input.promo_code ?? null) : null,
    lines,
    amounts,
    capacity,
  };
}

export function presentQuote(p: PricedCheckout): QuoteResponse {
  return {
    lines: p.lines.map((l) => ({
      meal_id: l.mealId,
      vendor_id: l.vendorId,
      vendor_title: l.vendorTitle,
      meal_name: l.mealName,
      quantity: l.quantity,
      unit_price: money(toMills(l.unitPrice)),
      subitem: l.subitem?.name ?? null,
      combos: l.combos.map((c) => ({ id: c.id, name: c.name, price: money(toMills(c.price)) })),
      special_request: l.specialRequest,
      line_total: money(l.lineTotal),
    })),
    sub_total: money(p.amounts.subTotal),
    delivery_charge: money(p.amounts.deliveryCharge),
    discount: money(p.amounts.discount),
    promo_code: p.promoCode,
    total: money(p.amounts.total),
    gst: money(p.amounts.gst),
    transaction_charge: money(p.amounts.transactionCharge),
    order_later: p.scheduledFor?.toISOString() ?? null,
    ...(p.capacity && {
      earliest_pickup_at: p.capacity.room[0]?.toISOString(),
      slots: p.capacity.room.map((s) => s.toISOString()),
      kitchen_full: p.capacity.room[0]?.getTime() !== p.capacity.slot.getTime(),
    }),
  };
}

export async function quote(app: AppContext, input: CheckoutRequest): Promise<QuoteResponse> {
  return presentQuote(await priceCheckout(app, input));
}
