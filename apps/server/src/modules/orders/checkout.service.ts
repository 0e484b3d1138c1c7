import {
  type CheckoutRequest,
  cartLineTotal,
  formatAUD,
  type Mills,
  nextOpenAt,
  openAt,
  orderSlot,
  type PlaceOrderRequest,
  type PlaceOrderResponse,
  priceCart,
  type QuoteResponse,
  slotOf,
  sum,
  toAmount,
  toFixedString,
  toMills,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { OrderLineCombo } from '../../db/schema/index.js';
import type { Actor } from '../../http/actor.js';
import { AppError, conflict, invalid, unauthorized, unavailable, unprocessable } from '../../http/errors.js';
import {
  type AuthorizeOutcome,
  type ProviderPayment,
  providerKey,
  SquareUnauthorized,
  SquareUnavailable,
} from '../../integrations/payments.js';
import { WriteBatcher } from '../../lib/write-batcher.js';
import { hmac } from '../auth/secrets.js';
import {
  type CapacityPlace,
  kitchenBusy,
  kitchenFull,
  lockSlot,
  roomFrom,
  slotLoad,
} from '../kitchen/capacity.js';
import {
  type CartBrand,
  checkOnSale,
  checkOpenAt,
  locationScheduleData,
  scheduleOf,
} from '../kitchen/schedules.js';
import { type Allowance, countUses, spendAllowances } from '../limits/limits.service.js';
import { activeLocation } from '../locations/locations.service.js';
import {
  declinedError,
  PROVIDER_UNAVAILABLE,
  paymentsUnavailable,
  refusedError,
} from '../payments/payment-errors.js';
import { recordPaymentStatus } from '../payments/payments.service.js';
import { mealsForPricing } from '../vendors/vendors.service.js';
import { presentCustomerOrder } from './orders.presenter.js';
import * as q from './orders.queries.js';

const MAX_DAYS_AHEAD = 7;
const PROMO_USED_UP = 'This promo code has been used up.';
const PROMO_USED_BY_CUSTOMER = 'You have already used this promo code.';

const TEN_MINUTES = 600;
const HOUR = 3600;

/**
 * Card testing (many cards tried in a burst) and retries of a declined card: each customer may
 * start `CHECKOUT_ATTEMPTS_PER_CUSTOMER` checkouts per 10 minutes, and after
 * `CHECKOUT_DECLINES_PER_CUSTOMER` declines in an hour (or `CHECKOUT_DECLINES_PER_ADDRESS` from one
 * address) no card is tried for the rest of the hour.
 */
function checkoutAllowances(app: AppContext, customerId: number, clientAddress: string) {
  const { checkoutAttemptsPerCustomer, checkoutDeclinesPerCustomer, checkoutDeclinesPerAddress } =
    app.config.limits;
  const attempts: Allowance = {
    key: `checkout:attempt:customer:${customerId}`,
    limit: checkoutAttemptsPerCustomer,
    windowSeconds: TEN_MINUTES,
    message: 'Too many payment attempts. Please wait a few minutes and try again.',
  };
  const declined = 'Too many declined payments. Please try again later.';
  const declines: Allowance[] = [
    {
      key: `checkout:decline:customer:${customerId}`,
      limit: checkoutDeclinesPerCustomer,
      windowSeconds: HOUR,
      message: declined,
    },
    {
      key: `checkout:decline:address:${clientAddress}`,
      limit: checkoutDeclinesPerAddress,
      windowSeconds: HOUR,
      message: declined,
    },
  ];
  return { attempts, declines };
}

interface PricedLine {
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

const money = (m: Mills) => toAmount(m);

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
    if (at.getTime() > now.getTime() + MAX_DAYS_AHEAD * 86_400_000) {
      throw invalid(`order_later: orders can be placed up to ${MAX_DAYS_AHEAD} days ahead`, 'order_later');
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
    if (options.refuseFull && room[0]?.getTime() !== slot.getTime()) throw kitchenFull(place, room[0], now);
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

const KEY_REUSED = 'This Idempotency-Key was already used for a different request.';

interface Attempt {
  requestHash: string;
  answer: Promise<PlaceOrderResponse>;
}
/**
 * Paid orders written at most this many statements at a time; orders paid meanwhile are written
 * together by the next statement (group commit, lib/write-batcher.ts).
 */
const ORDER_WRITES_IN_FLIGHT = 3;
const MAX_ORDERS_PER_STATEMENT = 50;

interface CheckoutState {
  /** Attempts running in this process, by key: a duplicate joins the running one. */
  running: Map<string, Attempt>;
  writes: WriteBatcher<q.PaidOrder, number | null>;
}
const states = new WeakMap<AppContext, CheckoutState>();
function stateOf(app: AppContext): CheckoutState {
  let state = states.get(app);
  if (!state) {
    state = {
      running: new Map(),
      writes: new WriteBatcher((batch) => q.writePaidOrders(app.db, batch), {
        maxInFlight: ORDER_WRITES_IN_FLIGHT,
        maxBatch: MAX_ORDERS_PER_STATEMENT,
      }),
    };
    states.set(app, state);
  }
  return state;
}

/**
 * Places a paid order, exactly once per Idempotency-Key (docs/payments.md has the diagram):
 * 1. a duplicate arriving while the first attempt runs in this process waits for its answer (the
 *    same key with another body is a 422 at once);
 * 2. the key is bound to the request's fingerprint before anything is charged, so the same key
 *    with another body is a 422 ever after, also when an earlier attempt failed without an answer;
 *    the cart is priced by the server meanwhile (from memory: the catalogue cache);
 * 3. the card's one-time token is authorised (not captured) for the total under a provider key
 *    derived from ours: a retry, or a duplicate on another instance, finds the same payment. What
 *    is stored is what the provider reports; a payment of any other amount is cancelled, never kept;
 * 4. one statement writes the key's answer, the order, its lines, payment and status event, unless
 *    the key already has an answer (then that answer is given). Orders paid while earlier ones are
 *    being written share the next statement (group commit);
 * 5. the payment is completed (captured). If that fails the order stands and reconciliation
 *    completes the payment later; if the write failed, the authorisation is cancelled.
 * A crash between 3 and 4 leaves an authorisation without an order: reconciliation cancels it.
 * Refusals (an invalid cart or card, a decline) are kept as the key's answer.
 */
export async function placeOrder(
  app: AppContext,
  actor: Actor,
  key: string,
  input: PlaceOrderRequest,
  clientAddress: string,
): Promise<PlaceOrderResponse> {
  if (actor.kind !== 'customer') throw unauthorized('Please sign in again.');
  const customerId = actor.customerId;
  const requestHash = hmac(app.config.secret, 'order', String(customerId), JSON.stringify(input));
  const attempts = stateOf(app).running;
  const first = attempts.get(key);
  if (first) {
    if (first.requestHash !== requestHash) throw unprocessable(KEY_REUSED, 'idempotency-key');
    return first.answer;
  }
  const k: q.KeyAnswer = { key, scope: `order:${customerId}`, requestHash, createdAt: app.clock.now() };
  const answer = attempt(app, customerId, k, input, clientAddress);
  attempts.set(key, { requestHash, answer });
  try {
    return await answer;
  } finally {
    attempts.delete(key);
  }
}

/** Our reference of a checkout at the provider (`reference_id`, at most 40 characters). */
export function paymentReference(k: q.KeyAnswer): string {
  return `order-${providerKey('pay', k.scope, k.key).slice(2, 34)}`;
}

async function attempt(
  app: AppContext,
  customerId: number,
  k: q.KeyAnswer,
  input: PlaceOrderRequest,
  clientAddress: string,
): Promise<PlaceOrderResponse> {
  const now = k.createdAt;
  const limits = checkoutAllowances(app, customerId, clientAddress);
  let claimed: Awaited<ReturnType<typeof q.claimKey>>;
  let priced: PricedCheckout;
  try {
    // The key is bound to this request, and the allowance spent, alongside the pricing.
    // All three settle before any answer: no statement of this attempt is left running after it.
    const [claim, price, allowance] = await Promise.allSettled([
      q.claimKey(app.db, k),
      priceCheckout(app, input.checkout, { refuseFull: true }),
      spendAllowances(app, [limits.attempts], limits.declines),
    ]);
    for (const settled of [claim, price, allowance]) {
      if (settled.status === 'rejected') throw settled.reason;
    }
    claimed = (claim as PromiseFulfilledResult<typeof claimed>).value;
    priced = (price as PromiseFulfilledResult<PricedCheckout>).value;
  } catch (error) {
    // Nothing was charged: a refusal of the request is the key's answer (unless an earlier attempt
    // answered); a passing failure (429, 5xx) is not kept, so a retry tries again.
    if (error instanceof AppError && error.status < 500 && error.status !== 429) {
      return refuse(app, k, error, null);
    }
    throw error;
  }
  if (!claimed) throw conflict('This order is already being processed.');
  if (!claimed.fresh) {
    if (claimed.scope !== k.scope || claimed.requestHash !== k.requestHash) {
      throw unprocessable(KEY_REUSED, 'idempotency-key');
    }
    // Answered before: the same answer. Unanswered: an attempt that stopped half-way; this one
    // carries on (the provider finds the same payment under the same key).
    if (claimed.responseStatus !== null) return replay(claimed);
  }
  const totalCents = Math.round(priced.amounts.total / 10);
  if (priced.promoCode) {
    const reserved = await q.reservePromo(app.db, {
      key: k.key,
      code: priced.promoCode,
      customerId,
      at: now,
    });
    if (reserved !== 'reserved') {
      const message = reserved === 'used_up' ? PROMO_USED_UP : PROMO_USED_BY_CUSTOMER;
      return refuse(app, k, invalid(message, 'checkout.promo_code'), null);
    }
  }

  const provider = app.adapters.payments;
  const reference = paymentReference(k);
  const providerKeyOf = providerKey('pay', k.scope, k.key);
  const providerLocationId = paymentLocation(app, priced.providerLocationId);
  let outcome: AuthorizeOutcome;
  try {
    outcome = await provider.authorize({
      amountCents: totalCents,
      sourceId: input.payment.source_id,
      verificationToken: input.payment.verification_token,
      idempotencyKey: providerKeyOf,
      locationId: providerLocationId,
      referenceId: reference,
      note: `Order ${reference}`,
    });
  } catch (error) {
    if (error instanceof SquareUnauthorized) {
      // Our credentials, never the customer's problem: said loudly in the log.
      app.log.error({ err: error, code: 'PAYMENTS_UNAUTHORIZED' }, 'card provider refused our credentials');
      await releasePromo(app, priced, k);
      throw paymentsUnavailable();
    }
    // No answer (timeout, network, 429, 5xx): the payment may or may not exist. Nothing is written;
    // a retry authorises again under the same key, which the provider deduplicates, and
    // reconciliation cancels an authorisation no order claims. An attempt that finished meanwhile
    // keeps its answer.
    app.log.warn({ err: error, code: 'PAYMENTS_NO_ANSWER' }, 'card provider did not answer');
    const earlier = await q.findIdempotencyKey(app.db, k.key);
    if (earlier?.responseStatus != null) return answerOf(earlier, k);
    const retryAfter = error instanceof SquareUnavailable ? error.retryAfterSeconds : null;
    throw unavailable(PROVIDER_UNAVAILABLE, retryAfter ?? 30);
  }

  const base = {
    customerId,
    provider: provider.name,
    totalCents,
    referenceId: reference,
    providerLocationId,
  };
  if (outcome.kind === 'refused') {
    await releasePromo(app, priced, k);
    if (outcome.code === 'IDEMPOTENCY_KEY_REUSED') {
      // Our key was authorised before for another amount (the prices changed between two tries of
      // the same request): that authorisation is released, and the customer starts again.
      await provider.cancelByKey(providerKeyOf).catch((error: unknown) => {
        app.log.warn({ err: error }, 'could not cancel the earlier authorisation; reconciliation will');
      });
      return refuse(app, k, conflict(PRICE_CHANGED), null);
    }
    const error = refusedError(outcome.code, outcome.field);
    const level = error.status >= 500 ? 'error' : 'info';
    app.log[level](
      { code: outcome.code, field: outcome.field, detail: outcome.detail },
      'card payment refused',
    );
    if (error.status >= 500) throw error;
    return refuse(app, k, error, null);
  }
  if (outcome.kind === 'declined') {
    await releasePromo(app, priced, k);
    await countUses(app, limits.declines);
    app.log.info({ code: outcome.code }, 'card declined');
    const failed = outcome.payment;
    return refuse(app, k, declinedError(outcome.code), {
      ...base,
      providerPaymentId: failed?.id ?? null,
      status: 'FAILED',
      totalCents: failed?.amountCents ?? totalCents,
      error: outcome.code,
    });
  }

  const charged = outcome.payment;
  if (charged.status === 'CANCELED' || charged.status === 'FAILED') {
    // This key's authorisation was released meanwhile (reconciliation cancels one no order claims).
    await releasePromo(app, priced, k);
    return refuse(app, k, conflict(PAYMENT_RELEASED), null);
  }
  if (charged.amountCents !== totalCents) {
    // Never kept: a payment of another amount than this order's.
    app.log.warn(
      { paymentId: charged.id, amountCents: charged.amountCents, totalCents },
      "the provider answered with a payment of another amount than the order's: cancelled",
    );
    await cancelAuthorization(app, charged.id);
    await releasePromo(app, priced, k);
    return refuse(app, k, conflict(PRICE_CHANGED), null);
  }

  const order = {
    locationId: priced.locationId,
    channel: priced.channel,
    customerId,
    status: 'Received' as const,
    placedAt: now,
    scheduledFor: priced.scheduledFor,
    deliveryLocation: priced.deliveryLocation,
    subTotal: toFixedString(priced.amounts.subTotal),
    deliveryCharge: toFixedString(priced.amounts.deliveryCharge),
    discount: toFixedString(priced.amounts.discount),
    promoCode: priced.promoCode,
    transactionCharge: toFixedString(priced.amounts.transactionCharge),
    gst: toFixedString(priced.amounts.gst),
    total: toFixedString(priced.amounts.total),
    paymentReceiptNumber: charged.receiptNumber,
  };
  const lines = priced.lines.map((l) => ({
    vendorId: l.vendorId,
    mealId: l.mealId,
    mealName: l.mealName,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    subitem: l.subitem?.name ?? null,
    combos: l.combos.map((c): OrderLineCombo => ({ name: c.name, price: c.price, quantity: 1 })),
    specialRequest: l.specialRequest,
    lineTotal: toFixedString(l.lineTotal),
  }));
  // The answer is made from what is about to be written; the statement gives it the order's id.
  const response: PlaceOrderResponse = {
    success: true,
    order: presentCustomerOrder(
      { ...order, id: 0 },
      priced.locationAddress,
      priced.timeZone,
      lines.map((line, i) => ({ line, vendorTitle: priced.lines[i]!.vendorTitle })),
    ),
    payment: presentPayment(charged),
  };
  const paid: q.PaidOrder = {
    order,
    lines,
    payment: {
      ...base,
      providerPaymentId: charged.id,
      status: charged.status,
      totalCents: charged.amountCents,
      sourceType: charged.sourceType,
      receiptNumber: charged.receiptNumber,
      appFeeCents: charged.appFeeCents,
    },
    key: k,
    response,
  };
  let id: number | null | 'full';
  try {
    // Without a capacity: the one statement of the group commit. With one: its own transaction,
    // which locks the slot, counts it and writes (or finds the slot full).
    id = priced.capacity
      ? await writeWithinCapacity(app, priced.capacity, paid)
      : await stateOf(app).writes.submit(paid);
  } catch (error) {
    await afterFailedWrite(app, k, charged.id);
    throw error;
  }
  if (id === 'full') {
    // Taken meanwhile by another checkout: nothing written, the authorisation is released.
    await cancelAuthorization(app, charged.id);
    await releasePromo(app, priced, k);
    const { place, slot, items } = priced.capacity!;
    const room = await roomFrom(app.db, place, slot, items);
    return refuse(app, k, kitchenFull(place, room[0], now), null);
  }
  if (id === null) {
    // Another attempt answered the key first. Its payment is this one (the provider key is the
    // same), unless it was answered otherwise: then this authorisation is nobody's.
    const kept = await q.paymentOfKey(app.db, k.key);
    if (kept?.providerPaymentId !== charged.id) await cancelAuthorization(app, charged.id);
    return earlierAnswer(app, k);
  }
  response.order.id = id;
  if (charged.status === 'APPROVED') {
    const completed = await completePayment(app, charged.id);
    if (completed) response.payment = presentPayment(completed);
  }
  return response;
}

/**
 * Writes a paid order within its location's capacity: the slot is locked (per location and slot,
 * across instances), its load counted, and the order written only if its items fit; 'full' if not.
 */
async function writeWithinCapacity(
  app: AppContext,
  capacity: NonNullable<PricedCheckout['capacity']>,
  paid: q.PaidOrder,
): Promise<number | null | 'full'> {
  const { place, slot, items } = capacity;
  return app.db.transaction(async (tx) => {
    await lockSlot(tx, place.id, slot);
    const load = (await slotLoad(tx, place.id, slot, slot)).get(slot.getTime()) ?? 0;
    if (place.slotCapacityItems !== null && load + items > place.slotCapacityItems) return 'full' as const;
    const [id] = await q.writePaidOrders(tx, [paid]);
    return id ?? null;
  });
}

const PAYMENT_RELEASED =
  'This payment was stopped before the order was placed, and nothing was charged. Please pay again.';
const PRICE_CHANGED =
  'The price of this order changed while it was being paid. Nothing was charged: please review your order and pay again.';

/** The provider's location for a payment: the pickup location's own, else the default. */
function paymentLocation(app: AppContext, own: string | null): string | null {
  const payments = app.config.payments;
  if (payments.provider === 'square') return own ?? payments.square.locationId;
  return own;
}

function presentPayment(p: ProviderPayment): PlaceOrderResponse['payment'] {
  return {
    status: p.status,
    source_type: p.sourceType,
    receipt_number: p.receiptNumber,
    app_fee_money: { amount: p.appFeeCents },
    total_money: { amount: p.amountCents },
  };
}

async function releasePromo(app: AppContext, priced: PricedCheckout, k: q.KeyAnswer): Promise<void> {
  if (priced.promoCode) await q.releasePromo(app.db, k.key);
}

/** Releases an authorisation no order will claim; reconciliation does it if this fails. */
async function cancelAuthorization(app: AppContext, paymentId: string): Promise<void> {
  try {
    await app.adapters.payments.cancel(paymentId);
  } catch (error) {
    app.log.warn({ err: error, paymentId }, 'could not cancel an authorisation; reconciliation will');
  }
}

/**
 * The order's write failed. If the database says the key has no answer, nothing was written and
 * the authorisation is cancelled; if it cannot say (it is down), the write may have committed, so
 * the payment is left to reconciliation, which completes it for an order or cancels it otherwise.
 */
async function afterFailedWrite(app: AppContext, k: q.KeyAnswer, paymentId: string): Promise<void> {
  try {
    const kept = await q.findIdempotencyKey(app.db, k.key);
    if (kept?.responseStatus === 200) return;
  } catch {
    return;
  }
  await cancelAuthorization(app, paymentId);
}

/**
 * Captures an authorised payment and records what the provider says. A failure leaves the order
 * standing with its payment APPROVED, which reconciliation completes (Square cancels an
 * authorisation left uncompleted for days).
 */
async function completePayment(app: AppContext, paymentId: string): Promise<ProviderPayment | null> {
  try {
    const completed = await app.adapters.payments.complete(paymentId);
    await recordPaymentStatus(app, completed);
    return completed;
  } catch (error) {
    app.log.warn(
      { err: error, paymentId, code: 'PAYMENTS_COMPLETE_FAILED' },
      'payment not completed; reconciliation will complete it',
    );
    return null;
  }
}

/** Keeps a refusal as the key's answer and gives it; or gives the answer the key already has. */
async function refuse(
  app: AppContext,
  k: q.KeyAnswer,
  error: AppError,
  payment: Parameters<typeof q.keepRefusal>[4],
): Promise<never> {
  if (await q.keepRefusal(app.db, k, error.status, errorBody(error), payment)) throw error;
  return earlierAnswer(app, k) as Promise<never>;
}

/** The answer an earlier attempt kept under the key, if it was for this very request. */
async function earlierAnswer(app: AppContext, k: q.KeyAnswer): Promise<PlaceOrderResponse> {
  const existing = await q.findIdempotencyKey(app.db, k.key);
  // Nothing kept and nothing written: the customer is gone.
  if (!existing) throw unauthorized('Please sign in again.');
  return answerOf(existing, k);
}

function answerOf(
  existing: NonNullable<Awaited<ReturnType<typeof q.findIdempotencyKey>>>,
  k: q.KeyAnswer,
): PlaceOrderResponse {
  if (existing.scope !== k.scope || existing.requestHash !== k.requestHash) {
    throw unprocessable(KEY_REUSED, 'idempotency-key');
  }
  // A key claimed by an earlier version of the server and never answered: still running there.
  if (existing.responseStatus === null) throw conflict('This order is already being processed.');
  return replay(existing);
}

function errorBody(error: AppError) {
  return { message: error.message, code: error.code, field: error.details.field ?? null };
}

/**
 * The answer kept under a key, given again. An order's answer keeps the payment as it was when the
 * order was written (authorised); its status is the payment's now (completed, refunded ...), read
 * with the key, so completing a payment writes only the payment.
 */
function replay(kept: {
  responseStatus: number | null;
  responseBody: unknown;
  paymentStatus: string | null;
}): PlaceOrderResponse {
  const status = kept.responseStatus ?? 409;
  if (status === 200) {
    const answer = kept.responseBody as PlaceOrderResponse;
    if (!kept.paymentStatus || !answer.payment) return answer;
    return { ...answer, payment: { ...answer.payment, status: kept.paymentStatus } };
  }
  const e = kept.responseBody as { message: string; code: string; field: string | null };
  throw new AppError(status, e.code, e.message, e.field ? { field: e.field } : {});
}
