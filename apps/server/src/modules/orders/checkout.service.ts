import { type PlaceOrderRequest, type PlaceOrderResponse, toFixedString } from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { OrderLineCombo } from '../../db/schema/index.js';
import type { Actor } from '../../http/actor.js';
import { AppError, conflict, invalid, unauthorized, unavailable, unprocessable } from '../../http/errors.js';
import {
  type AuthorizeOutcome,
  providerKey,
  SquareUnauthorized,
  SquareUnavailable,
} from '../../integrations/payments.js';
import { timedCall } from '../../lib/metrics.js';
import { inSpan, traceCarrier } from '../../lib/telemetry.js';
import { WriteBatcher } from '../../lib/write-batcher.js';
import { hmac } from '../auth/secrets.js';
import { kitchenFull, lockSlot, roomFrom, slotLoad } from '../kitchen/capacity.js';
import { KITCHEN_CHANNEL } from '../kitchen/kitchen-notices.js';
import { type Allowance, holdSlot, spendAllowances } from '../limits/limits.service.js';
import {
  declinedError,
  PROVIDER_UNAVAILABLE,
  paymentsUnavailable,
  refusedError,
} from '../payments/payment-errors.js';
import {
  answerOf,
  answerUnderBareKey,
  callerKey,
  earlierAnswer,
  KEY_REUSED,
  refuse,
  replay,
} from './checkout-idempotency.js';
import {
  afterFailedWrite,
  cancelAuthorization,
  completePayment,
  PAYMENT_RELEASED,
  PRICE_CHANGED,
  paymentLocation,
  presentPayment,
  releasePromo,
} from './checkout-payment.js';
import {
  PROMO_USED_BY_CUSTOMER,
  PROMO_USED_UP,
  type PricedCheckout,
  priceCheckout,
} from './checkout-pricing.js';
import { type PaidOrder, writePaidOrders } from './ledger.queries.js';
import { presentCustomerOrder } from './orders.presenter.js';
import * as q from './orders.queries.js';

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
  writes: WriteBatcher<PaidOrder, number | null>;
}
const states = new WeakMap<AppContext, CheckoutState>();
function stateOf(app: AppContext): CheckoutState {
  let state = states.get(app);
  if (!state) {
    state = {
      running: new Map(),
      writes: new WriteBatcher((batch) => writePaidOrders(app.db, batch), {
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
  clientKey: string,
  input: PlaceOrderRequest,
  clientAddress: string,
): Promise<PlaceOrderResponse> {
  if (actor.kind !== 'customer') throw unauthorized('Please sign in again.');
  const key = callerKey(actor, clientKey);
  const customerId = actor.customerId;
  const requestHash = hmac(app.config.secret, 'order', String(customerId), JSON.stringify(input));
  const attempts = stateOf(app).running;
  const first = attempts.get(key);
  if (first) {
    if (first.requestHash !== requestHash) throw unprocessable(KEY_REUSED, 'idempotency-key');
    return first.answer;
  }
  const k: q.KeyAnswer = { key, scope: `order:${customerId}`, requestHash, createdAt: app.clock.now() };
  const answer = answerUnderBareKey(app, clientKey, k).then(
    (kept) => kept ?? attempt(app, customerId, k, input, clientAddress),
  );
  attempts.set(key, { requestHash, answer });
  try {
    return await answer;
  } finally {
    attempts.delete(key);
  }
}

/** The kitchen notice as OpenTelemetry's messaging conventions name a message sent. */
const KITCHEN_NOTICE_SPAN = {
  kind: 'producer',
  attributes: {
    'messaging.system': 'postgresql',
    'messaging.operation.type': 'send',
    'messaging.destination.name': KITCHEN_CHANNEL,
  },
} as const;

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
  const limits = checkoutAllowances(app, customerId, clientAddress);
  let claimed: Awaited<ReturnType<typeof q.claimKey>>;
  let priced: PricedCheckout;
  try {
    // The key is bound to this request, and the allowance spent, alongside the pricing.
    // All three settle before any answer: no statement of this attempt is left running after it.
    const [claim, price, allowance] = await Promise.allSettled([
      q.claimKey(app.db, k),
      priceCheckout(app, input.checkout, { refuseFull: true }),
      spendAllowances(app, [limits.attempts]),
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
  // Another attempt wrote the key while this one's statement ran (it waited for that commit, and
  // its snapshot predates it): read it again, now committed, and go on as for any earlier attempt.
  if (!claimed) claimed = await q.claimKey(app.db, k);
  if (!claimed) throw conflict('This order is already being processed.');
  if (!claimed.fresh) {
    if (claimed.scope !== k.scope || claimed.requestHash !== k.requestHash) {
      throw unprocessable(KEY_REUSED, 'idempotency-key');
    }
    // Answered before: the same answer. Unanswered: an attempt that stopped half-way; this one
    // carries on (the provider finds the same payment under the same key).
    if (claimed.responseStatus !== null) return replay(claimed);
  }
  // The card may be declined: the try holds a slot of the decline allowances while it runs, kept
  // if it is declined and given back otherwise, so parallel tries never pass the limits.
  const slot = await holdSlot(app, limits.declines);
  let declined = false;
  try {
    return await tryCard(app, customerId, k, input, priced, !claimed.fresh, () => {
      declined = true;
    });
  } finally {
    await (declined ? slot.keep() : slot.release()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not settle the decline allowance'),
    );
  }
}

/** Charges the card and writes the order: the rest of `attempt`, once the card may be tried. */
async function tryCard(
  app: AppContext,
  customerId: number,
  k: q.KeyAnswer,
  input: PlaceOrderRequest,
  priced: PricedCheckout,
  /** An earlier attempt of this key stopped without an answer: this one carries it on. */
  resumed: boolean,
  onDeclined: () => void,
): Promise<PlaceOrderResponse> {
  const now = k.createdAt;
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
    const authorize = provider.authorize({
      amountCents: totalCents,
      sourceId: input.payment.source_id,
      verificationToken: input.payment.verification_token,
      idempotencyKey: providerKeyOf,
      locationId: providerLocationId,
      referenceId: reference,
      note: `Order ${reference}`,
    });
    outcome = await timedCall(app.metrics, provider.name, 'authorize', authorize);
  } catch (error) {
    app.metrics.checkout('provider_error');
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
    app.metrics.checkout(error.status >= 500 ? 'provider_error' : 'refused');
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
    onDeclined();
    app.metrics.checkout('declined');
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

  let charged = outcome.payment;
  if (resumed && charged.status === 'APPROVED') {
    // The provider replays its first answer under the same key, which says nothing of what
    // happened since: reconciliation may have released that authorisation (it cancels what an
    // unanswered checkout may hold, payments/reconciliation.ts). Its state now is asked for.
    const current = await provider.getPayment(charged.id).catch(() => null);
    if (current) charged = current;
  }
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
  const paid: PaidOrder = {
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
    // which locks the slot, counts it and writes (or finds the slot full). The statement sends the
    // kitchen's notices, which carry this span's context: the delivery to the kitchen screens, on
    // the instances LISTENing, continues this trace (kitchen-events.ts).
    id = await inSpan('send kitchen_ticket', KITCHEN_NOTICE_SPAN, async (span) => {
      paid.trace = traceCarrier();
      const written = priced.capacity
        ? await writeWithinCapacity(app, priced.capacity, paid)
        : await stateOf(app).writes.submit(paid);
      if (typeof written === 'number') span.setAttributes({ 'kitchaco.order_id': written });
      return written;
    });
  } catch (error) {
    await afterFailedWrite(app, k, charged.id);
    throw error;
  }
  if (id === 'full') {
    app.metrics.checkout('capacity_full');
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
  app.metrics.checkout('paid');
  app.metrics.orderPaid(order.locationId, order.channel);
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
  paid: PaidOrder,
): Promise<number | null | 'full'> {
  const { place, slot, items } = capacity;
  return app.db.transaction(async (tx) => {
    await lockSlot(tx, place.id, slot);
    const load = (await slotLoad(tx, place.id, slot, slot)).get(slot.getTime()) ?? 0;
    if (place.slotCapacityItems !== null && load + items > place.slotCapacityItems) return 'full' as const;
    const [id] = await writePaidOrders(tx, [paid]);
    return id ?? null;
  });
}
