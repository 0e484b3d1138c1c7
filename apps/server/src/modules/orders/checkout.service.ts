import {
  type CheckoutRequest,
  cartLineTotal,
  isOpenAt,
  type Mills,
  nextOpening,
  type PlaceOrderRequest,
  type PlaceOrderResponse,
  priceCart,
  type QuoteResponse,
  toAmount,
  toFixedString,
  toMills,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { OrderLineCombo } from '../../db/schema/index.js';
import type { Actor } from '../../http/actor.js';
import { AppError, conflict, invalid, unauthorized, unavailable, unprocessable } from '../../http/errors.js';
import { WriteBatcher } from '../../lib/write-batcher.js';
import { hmac } from '../auth/secrets.js';
import { type Allowance, countUses, spendAllowances } from '../limits/limits.service.js';
import { activeLocation } from '../locations/locations.service.js';
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
const PROVIDER_UNAVAILABLE =
  'The card payment could not be confirmed. Please try again: the same order is never charged twice.';

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
  channel: 'online_pickup' | 'online_delivery';
  deliveryLocation: string | null;
  scheduledFor: Date | null;
  promoCode: string | null;
  lines: PricedLine[];
  amounts: ReturnType<typeof priceCart>;
}

const money = (m: Mills) => toAmount(m);

/**
 * Prices a checkout from the server's own data: meals, combos and sub-items must be Enabled and of
 * the chosen location; the time must fall in opening hours; the promo must be valid.
 */
export async function priceCheckout(app: AppContext, input: CheckoutRequest): Promise<PricedCheckout> {
  const now = app.clock.now();
  const [location, meals] = await Promise.all([
    activeLocation(app, input.kitchaco),
    mealsForPricing(
      app,
      input.lines.map((l) => l.meal_id),
    ),
  ]);
  if (!location) throw invalid('kitchaco: no such location', 'kitchaco');
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

  let scheduledFor: Date | null = null;
  if (input.order_later) {
    const at = new Date(input.order_later);
    if (at.getTime() <= now.getTime())
      throw invalid('order_later: please choose a time in the future', 'order_later');
    if (at.getTime() > now.getTime() + MAX_DAYS_AHEAD * 86_400_000) {
      throw invalid(`order_later: orders can be placed up to ${MAX_DAYS_AHEAD} days ahead`, 'order_later');
    }
    if (!isOpenAt(at, location.timeZone, location.openingHours)) {
      throw invalid(
        'order_later: the kitchen is closed at that time; please choose a time within opening hours',
        'order_later',
      );
    }
    scheduledFor = at;
  } else if (!isOpenAt(now, location.timeZone, location.openingHours)) {
    // Ordered while closed: it is prepared for the next opening, and the quote says so.
    scheduledFor = nextOpening(now, location.timeZone, location.openingHours);
    if (!scheduledFor) throw unprocessable('This location is not taking orders at the moment.', 'kitchaco');
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
    promo = {
      percentOff: row.percentOff,
      amountOff: row.amountOff === null ? null : toMills(row.amountOff),
      minSubTotal: toMills(row.minSubTotal),
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
    channel: delivery ? 'online_delivery' : 'online_pickup',
    deliveryLocation: delivery ? (input.delivery_location ?? null) : null,
    scheduledFor,
    promoCode: promo ? (input.promo_code ?? null) : null,
    lines,
    amounts,
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
  };
}

export async function quote(app: AppContext, input: CheckoutRequest): Promise<QuoteResponse> {
  return presentQuote(await priceCheckout(app, input));
}

function declined(): AppError {
  return new AppError(402, 'payment_declined', 'Your card was declined. Please use another card.');
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
 * Places a paid order, exactly once per Idempotency-Key:
 * 1. a duplicate arriving while the first attempt runs in this process waits for its answer (the
 *    same key with another body is a 422 at once);
 * 2. the cart is priced by the server (from memory: the catalogue cache);
 * 3. the card is charged with the key: the provider deduplicates, so a retry, or a duplicate on
 *    another instance, never charges twice;
 * 4. one statement writes the key with its answer, the order, its lines, payment and status event,
 *    unless the key already has an answer: then that answer is given (or 422 for another body).
 *    Orders paid while earlier ones are being written share the next statement (group commit).
 * A key is never written without its answer, so a crash anywhere leaves nothing behind but the
 * charge at the provider, which the retry finds under the same key. Refusals (an invalid cart or
 * card, a decline) are kept as the key's answer in the same way.
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

async function attempt(
  app: AppContext,
  customerId: number,
  k: q.KeyAnswer,
  input: PlaceOrderRequest,
  clientAddress: string,
): Promise<PlaceOrderResponse> {
  const now = k.createdAt;
  const limits = checkoutAllowances(app, customerId, clientAddress);
  let priced: PricedCheckout;
  try {
    // The allowance is spent alongside the pricing (a 429 is not kept: it passes).
    [priced] = await Promise.all([
      priceCheckout(app, input.checkout),
      spendAllowances(app, [limits.attempts], limits.declines),
    ]);
  } catch (error) {
    // Nothing was charged: a refusal of the request is the key's answer (unless an earlier attempt
    // answered); a passing failure (429, 5xx) is not kept, so a retry tries again.
    if (error instanceof AppError && error.status < 500 && error.status !== 429) {
      return refuse(app, k, error, null);
    }
    throw error;
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

  let charge: Awaited<ReturnType<typeof app.adapters.payments.charge>>;
  try {
    charge = await app.adapters.payments.charge(
      {
        amountCents: totalCents,
        idempotencyKey: k.key,
        reference: `customer-${customerId}`,
        card: {
          cardNumber: input.payment.card_number,
          expiry: input.payment.expiry,
          cvc: input.payment.cvc,
          name: input.payment.name,
        },
      },
      now,
    );
  } catch (error) {
    // The provider did not answer (timeout, network): the charge may or may not have happened.
    // Nothing is written, so a retry charges again under the same key, which the provider
    // deduplicates. An attempt that finished earlier keeps its answer.
    app.log.warn({ err: error }, 'card provider did not answer');
    const earlier = await q.findIdempotencyKey(app.db, k.key);
    if (earlier?.responseStatus != null) return answerOf(earlier, k);
    throw unavailable(PROVIDER_UNAVAILABLE);
  }
  if (charge.status !== 'COMPLETED' && priced.promoCode) await q.releasePromo(app.db, k.key);
  if (charge.status === 'INVALID')
    return refuse(app, k, invalid(charge.reason, `payment.${charge.field}`), null);
  const payment = {
    customerId,
    provider: app.adapters.payments.name,
    providerPaymentId: charge.providerPaymentId,
    status: charge.status,
    totalCents,
  };
  if (charge.status === 'DECLINED') {
    await countUses(app, limits.declines);
    return refuse(app, k, declined(), { ...payment, error: charge.reason });
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
    paymentReceiptNumber: charge.receiptNumber,
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
    payment: {
      status: charge.status,
      source_type: charge.sourceType,
      receipt_number: charge.receiptNumber,
      app_fee_money: { amount: charge.appFeeCents },
      total_money: { amount: charge.totalCents },
    },
  };
  const id = await stateOf(app).writes.submit({
    order,
    lines,
    payment: {
      ...payment,
      sourceType: charge.sourceType,
      receiptNumber: charge.receiptNumber,
      appFeeCents: charge.appFeeCents,
    },
    key: k,
    response,
  });
  if (id === null) return earlierAnswer(app, k);
  response.order.id = id;
  return response;
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
  return replay(existing.responseStatus, existing.responseBody);
}

function errorBody(error: AppError) {
  return { message: error.message, code: error.code, field: error.details.field ?? null };
}

function replay(status: number, body: unknown): PlaceOrderResponse {
  if (status === 200) return body as PlaceOrderResponse;
  const e = body as { message: string; code: string; field: string | null };
  throw new AppError(status, e.code, e.message, e.field ? { field: e.field } : {});
}
