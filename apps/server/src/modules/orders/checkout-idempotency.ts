import type { PlaceOrderResponse } from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../http/actor.js';
import { AppError, conflict, unauthorized, unprocessable } from '../../http/errors.js';
import * as q from './orders.queries.js';

// A checkout's Idempotency-Key: the answer it keeps, a refusal kept as that answer, and replays.

export const KEY_REUSED = 'This Idempotency-Key was already used for a different request.';

/**
 * The key as stored: the client's Idempotency-Key within its caller (a customer, a staff member;
 * an anonymous caller has none). One customer's key can then never meet another's: the same key
 * from two customers is two requests, each with its own answer, order and payment.
 */
export function callerKey(actor: Actor, key: string): string {
  if (actor.kind === 'customer') return customerKey(actor.customerId, key);
  if (actor.kind === 'staff') return `staff:${actor.user.id}:${key}`;
  return key;
}

/** A customer's key as stored. */
export function customerKey(customerId: number, key: string): string {
  return `customer:${customerId}:${key}`;
}

/**
 * The answer kept under the bare key by a release that stored keys unscoped (before 0023), if it
 * is this caller's: a retry across the upgrade, or from an instance still running that release,
 * gets it instead of paying twice. Another caller's bare key is not theirs to see: null.
 */
export async function answerUnderBareKey(
  app: AppContext,
  bareKey: string,
  k: q.KeyAnswer,
): Promise<PlaceOrderResponse | null> {
  const existing = await q.findIdempotencyKey(app.db, bareKey);
  if (!existing || existing.scope !== k.scope) return null;
  return answerOf(existing, k);
}

/** Keeps a refusal as the key's answer and gives it; or gives the answer the key already has. */
export async function refuse(
  app: AppContext,
  k: q.KeyAnswer,
  error: AppError,
  payment: Parameters<typeof q.keepRefusal>[4],
): Promise<never> {
  if (await q.keepRefusal(app.db, k, error.status, errorBody(error), payment)) throw error;
  return earlierAnswer(app, k) as Promise<never>;
}

/** The answer an earlier attempt kept under the key, if it was for this very request. */
export async function earlierAnswer(app: AppContext, k: q.KeyAnswer): Promise<PlaceOrderResponse> {
  const existing = await q.findIdempotencyKey(app.db, k.key);
  // Nothing kept and nothing written: the customer is gone.
  if (!existing) throw unauthorized('Please sign in again.');
  return answerOf(existing, k);
}

export function answerOf(
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

export function errorBody(error: AppError) {
  return { message: error.message, code: error.code, field: error.details.field ?? null };
}

/**
 * The answer kept under a key, given again. An order's answer keeps the payment as it was when the
 * order was written (authorised); its status is the payment's now (completed, refunded ...), read
 * with the key, so completing a payment writes only the payment.
 */
export function replay(kept: {
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
