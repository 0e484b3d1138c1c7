import { createHash, randomBytes } from 'node:crypto';
import { SANDBOX_TOKENS } from '@kitchaco/domain';
import { describe, type SquareClient, type SquareError, squareClient } from './square.js';

/**
 * Card payments. The card never reaches this server: the browser turns it into a one-time token
 * with Square's Web Payments SDK (or the demo's stand-in), and the server authorises a payment of
 * the order's total from that token, writes the order, then completes (captures) the payment, or
 * cancels it when the order could not be written (docs/payments.md).
 *
 * Square's Payments API (https://developer.squareup.com/reference/square/payments-api):
 * - CreatePayment `POST /v2/payments` { source_id, idempotency_key (at most 45 characters),
 *   amount_money { amount (cents), currency }, autocomplete: false, location_id, reference_id,
 *   verification_token? } answers { payment } with status APPROVED, or errors with the payment
 *   FAILED (https://developer.squareup.com/reference/square/payments-api/create-payment);
 * - CompletePayment `POST /v2/payments/{id}/complete`, CancelPayment `POST /v2/payments/{id}/cancel`,
 *   CancelPaymentByIdempotencyKey `POST /v2/payments/cancel` { idempotency_key };
 * - GetPayment `GET /v2/payments/{id}`; ListPayments `GET /v2/payments?begin_time&end_time&
 *   location_id&cursor` answers { payments, cursor? };
 * - RefundPayment `POST /v2/refunds` { idempotency_key, amount_money, payment_id, reason } answers
 *   { refund } (https://developer.squareup.com/reference/square/refunds-api/refund-payment).
 */

export type PaymentStatus = 'APPROVED' | 'PENDING' | 'COMPLETED' | 'CANCELED' | 'FAILED';

/** A payment as the provider reports it (what we store is always this, never our own figures). */
export interface ProviderPayment {
  id: string;
  status: PaymentStatus;
  amountCents: number;
  appFeeCents: number;
  refundedCents: number;
  receiptNumber: string | null;
  sourceType: string | null;
  referenceId: string | null;
  locationId: string | null;
  createdAt: string;
}

export interface ProviderRefund {
  id: string;
  paymentId: string;
  status: 'PENDING' | 'COMPLETED' | 'REJECTED' | 'FAILED';
  amountCents: number;
}

export type AuthorizeOutcome =
  | { kind: 'authorized'; payment: ProviderPayment }
  /** The card was declined (Square's PAYMENT_METHOD_ERROR): `code` says why. */
  | { kind: 'declined'; code: string; payment: ProviderPayment | null }
  /** The request was refused (an expired or used token, a key reused for another amount...). */
  | { kind: 'refused'; code: string; field: string | null; detail: string };

export interface AuthorizeRequest {
  amountCents: number;
  /** The one-time token of the card (Web Payments SDK). */
  sourceId: string;
  /** Buyer verification (3-D Secure) token, when the SDK asked for one. */
  verificationToken?: string | undefined;
  /** Our key for this attempt (provider-safe: at most 45 characters, see `providerKey`). */
  idempotencyKey: string;
  locationId: string | null;
  /** Our reference of the order (`reference_id`), which reconciliation matches payments by. */
  referenceId: string;
  note?: string;
}

export interface PaymentProvider {
  /** Stored with each payment: `test` or `square`. */
  readonly name: 'test' | 'square';
  /** Authorises (does not capture) a payment; throws SquareUnavailable when the outcome is unknown. */
  authorize(request: AuthorizeRequest): Promise<AuthorizeOutcome>;
  complete(paymentId: string): Promise<ProviderPayment>;
  cancel(paymentId: string): Promise<ProviderPayment>;
  /** Cancels the payment made under our key, if any (its id may never have reached us). */
  cancelByKey(idempotencyKey: string): Promise<void>;
  getPayment(paymentId: string): Promise<ProviderPayment | null>;
  /** Payments created in [begin, end) at a location, oldest first. */
  listPayments(range: { begin: Date; end: Date; locationId: string | null }): Promise<ProviderPayment[]>;
  /** Refunds part or all of a completed payment; throws SquareUnavailable when the outcome is unknown. */
  refund(request: RefundRequest): Promise<RefundOutcome>;
  getRefund(refundId: string): Promise<ProviderRefund | null>;
}

export interface RefundRequest {
  paymentId: string;
  amountCents: number;
  /** Stable for one refund (see `providerKey`): a retry never refunds twice. */
  idempotencyKey: string;
  reason: string;
}

export type RefundOutcome =
  | { kind: 'accepted'; refund: ProviderRefund }
  /** The provider refused it (more than is left, a payment not refundable...): its own reason. */
  | { kind: 'refused'; code: string; detail: string };

/**
 * A provider-safe idempotency key for one of our keys: Square allows at most 45 characters, and
 * our keys are chosen by clients (any length, and only unique per customer), so the provider gets
 * a digest of `purpose:scope:key`: 43 characters of base64url SHA-256 (plus a 2-letter purpose).
 */
export function providerKey(purpose: 'pay' | 'ref', scope: string, key: string): string {
  const digest = createHash('sha256').update(`${purpose}:${scope}:${key}`).digest('base64url');
  return `${purpose.slice(0, 1)}-${digest}`.slice(0, 45);
}

// ---------------------------------------------------------------- Square

interface SquarePayment {
  id: string;
  status: PaymentStatus;
  amount_money?: { amount: number };
  app_fee_money?: { amount: number };
  refunded_money?: { amount: number };
  receipt_number?: string;
  source_type?: string;
  reference_id?: string;
  location_id?: string;
  created_at: string;
}

interface SquareRefund {
  id: string;
  payment_id: string;
  status: ProviderRefund['status'];
  amount_money?: { amount: number };
}

export function fromSquarePayment(p: SquarePayment): ProviderPayment {
  return {
    id: p.id,
    status: p.status,
    amountCents: p.amount_money?.amount ?? 0,
    appFeeCents: p.app_fee_money?.amount ?? 0,
    refundedCents: p.refunded_money?.amount ?? 0,
    receiptNumber: p.receipt_number ?? null,
    sourceType: p.source_type ?? null,
    referenceId: p.reference_id ?? null,
    locationId: p.location_id ?? null,
    createdAt: p.created_at,
  };
}

/** Square's refund as ours. */
export function fromSquareRefund(r: SquareRefund): ProviderRefund {
  return { id: r.id, paymentId: r.payment_id, status: r.status, amountCents: r.amount_money?.amount ?? 0 };
}

function unexpected(what: string, status: number, errors: SquareError[] | undefined): Error {
  return new Error(`Square ${what} failed: ${status} ${describe(errors)}`);
}

export function squarePayments(options: {
  accessToken: string;
  baseUrl: string;
  timeoutMs: number;
}): PaymentProvider {
  const square: SquareClient = squareClient(options);
  const currency = 'AUD';
  return {
    name: 'square',
    async authorize(request) {
      const { status, body } = await square.request<{ payment?: SquarePayment }>('POST', '/v2/payments', {
        source_id: request.sourceId,
        idempotency_key: request.idempotencyKey,
        amount_money: { amount: request.amountCents, currency },
        autocomplete: false,
        ...(request.locationId ? { location_id: request.locationId } : {}),
        reference_id: request.referenceId,
        ...(request.verificationToken ? { verification_token: request.verificationToken } : {}),
        ...(request.note ? { note: request.note } : {}),
      });
      if (status < 300 && body.payment)
        return { kind: 'authorized', payment: fromSquarePayment(body.payment) };
      const error = body.errors?.[0];
      if (error?.category === 'PAYMENT_METHOD_ERROR') {
        return {
          kind: 'declined',
          code: error.code,
          payment: body.payment ? fromSquarePayment(body.payment) : null,
        };
      }
      return {
        kind: 'refused',
        code: error?.code ?? `HTTP_${status}`,
        field: error?.field ?? null,
        detail: describe(body.errors),
      };
    },
    async complete(paymentId) {
      const { status, body } = await square.request<{ payment?: SquarePayment }>(
        'POST',
        `/v2/payments/${encodeURIComponent(paymentId)}/complete`,
        {},
      );
      if (!body.payment) throw unexpected('CompletePayment', status, body.errors);
      return fromSquarePayment(body.payment);
    },
    async cancel(paymentId) {
      const { status, body } = await square.request<{ payment?: SquarePayment }>(
        'POST',
        `/v2/payments/${encodeURIComponent(paymentId)}/cancel`,
        {},
      );
      if (!body.payment) throw unexpected('CancelPayment', status, body.errors);
      return fromSquarePayment(body.payment);
    },
    async cancelByKey(idempotencyKey) {
      const { status, body } = await square.request('POST', '/v2/payments/cancel', {
        idempotency_key: idempotencyKey,
      });
      if (status >= 300 && status !== 404)
        throw unexpected('CancelPaymentByIdempotencyKey', status, body.errors);
    },
    async getPayment(paymentId) {
      const { status, body } = await square.request<{ payment?: SquarePayment }>(
        'GET',
        `/v2/payments/${encodeURIComponent(paymentId)}`,
      );
      if (status === 404) return null;
      if (!body.payment) throw unexpected('GetPayment', status, body.errors);
      return fromSquarePayment(body.payment);
    },
    async listPayments({ begin, end, locationId }) {
      const found: ProviderPayment[] = [];
      let cursor: string | undefined;
      do {
        const query = new URLSearchParams({
          begin_time: begin.toISOString(),
          end_time: end.toISOString(),
          sort_order: 'ASC',
          ...(locationId ? { location_id: locationId } : {}),
          ...(cursor ? { cursor } : {}),
        });
        const { status, body } = await square.request<{ payments?: SquarePayment[]; cursor?: string }>(
          'GET',
          `/v2/payments?${query}`,
        );
        if (status >= 300) throw unexpected('ListPayments', status, body.errors);
        found.push(...(body.payments ?? []).map(fromSquarePayment));
        cursor = body.cursor;
      } while (cursor);
      return found;
    },
    async refund({ paymentId, amountCents, idempotencyKey, reason }) {
      const { status, body } = await square.request<{ refund?: SquareRefund }>('POST', '/v2/refunds', {
        idempotency_key: idempotencyKey,
        payment_id: paymentId,
        amount_money: { amount: amountCents, currency },
        reason: reason.slice(0, 192),
      });
      if (status < 300 && body.refund) return { kind: 'accepted', refund: fromSquareRefund(body.refund) };
      return {
        kind: 'refused',
        code: body.errors?.[0]?.code ?? `HTTP_${status}`,
        detail: describe(body.errors),
      };
    },
    async getRefund(refundId) {
      const { status, body } = await square.request<{ refund?: SquareRefund }>(
        'GET',
        `/v2/refunds/${encodeURIComponent(refundId)}`,
      );
      if (status === 404) return null;
      if (!body.refund) throw unexpected('GetPaymentRefund', status, body.errors);
      return fromSquareRefund(body.refund);
    },
  };
}

// ---------------------------------------------------------------- the local test provider

/** What Square's sandbox answers for its documented decline tokens (SANDBOX_TOKENS, domain). */
const DECLINES: Record<string, string> = {
  [SANDBOX_TOKENS.declined]: 'GENERIC_DECLINE',
  [SANDBOX_TOKENS.rejectedCvv]: 'CVV_FAILURE',
  [SANDBOX_TOKENS.rejectedPostalCode]: 'ADDRESS_VERIFICATION_FAILURE',
  [SANDBOX_TOKENS.rejectedExpiration]: 'INVALID_EXPIRATION',
};

/**
 * The local test provider (PAYMENTS_PROVIDER=test, the demo's default): Square's behaviour for its
 * sandbox tokens, in memory, without any network. It deduplicates on the idempotency key as Square
 * does, refusing a key reused for another amount (IDEMPOTENCY_KEY_REUSED). It takes no money, and
 * remembers per process. `ledger` finds the payments this process does not remember (taken by
 * another instance, or before a restart) in our own ledger, so any instance lists them for
 * reconciliation and can complete, cancel or refund them: no money moves, so the ledger is the whole
 * truth of a test payment. (A payment no order claims lives only in the memory of the process that
 * took it, which settles it.)
 */
export interface TestPaymentLedger {
  find(paymentId: string): Promise<ProviderPayment | null>;
  /** The ledger's test payments created in [begin, end), at a provider location (null: every one). */
  list(range: { begin: Date; end: Date; locationId: string | null }): Promise<ProviderPayment[]>;
}

export function localPayments(ledger?: TestPaymentLedger): PaymentProvider {
  const byId = new Map<string, ProviderPayment>();
  const byKey = new Map<string, { amountCents: number; sourceId: string; outcome: AuthorizeOutcome }>();
  const refundsByKey = new Map<string, ProviderRefund>();
  const refundsById = new Map<string, ProviderRefund>();
  const newId = () => `test_${randomBytes(12).toString('base64url')}`;
  const known = async (id: string) => {
    const remembered = byId.get(id);
    if (remembered) return remembered;
    const recalled = (await ledger?.find(id)) ?? null;
    if (recalled) byId.set(id, recalled);
    return recalled;
  };
  const find = async (id: string) => {
    const p = await known(id);
    if (!p) throw new Error(`Test provider: no payment ${id}`);
    return p;
  };
  return {
    name: 'test',
    async authorize(request) {
      const earlier = byKey.get(request.idempotencyKey);
      if (earlier) {
        if (earlier.amountCents !== request.amountCents || earlier.sourceId !== request.sourceId) {
          return {
            kind: 'refused',
            code: 'IDEMPOTENCY_KEY_REUSED',
            field: 'idempotency_key',
            detail: 'IDEMPOTENCY_KEY_REUSED: the key was used for a different payment',
          };
        }
        return earlier.outcome;
      }
      const now = new Date().toISOString();
      const payment = (status: PaymentStatus): ProviderPayment => ({
        id: newId(),
        status,
        amountCents: request.amountCents,
        appFeeCents: 0,
        refundedCents: 0,
        receiptNumber: status === 'FAILED' ? null : randomBytes(2).toString('hex').toUpperCase(),
        sourceType: 'CARD',
        referenceId: request.referenceId,
        locationId: request.locationId,
        createdAt: now,
      });
      let outcome: AuthorizeOutcome;
      if (request.sourceId === SANDBOX_TOKENS.ok)
        outcome = { kind: 'authorized', payment: payment('APPROVED') };
      else if (DECLINES[request.sourceId]) {
        outcome = { kind: 'declined', code: DECLINES[request.sourceId]!, payment: payment('FAILED') };
      } else if (request.sourceId === SANDBOX_TOKENS.alreadyUsed) {
        outcome = { kind: 'refused', code: 'CARD_TOKEN_USED', field: 'source_id', detail: 'CARD_TOKEN_USED' };
      } else {
        outcome = {
          kind: 'refused',
          code: 'NOT_FOUND',
          field: 'source_id',
          detail: 'NOT_FOUND: unknown card token',
        };
      }
      if (outcome.kind !== 'refused' && outcome.payment) byId.set(outcome.payment.id, outcome.payment);
      byKey.set(request.idempotencyKey, {
        amountCents: request.amountCents,
        sourceId: request.sourceId,
        outcome,
      });
      return outcome;
    },
    async complete(paymentId) {
      const p = await find(paymentId);
      if (p.status === 'APPROVED') p.status = 'COMPLETED';
      return { ...p };
    },
    async cancel(paymentId) {
      const p = await find(paymentId);
      if (p.status === 'APPROVED') p.status = 'CANCELED';
      return { ...p };
    },
    async cancelByKey(idempotencyKey) {
      const earlier = byKey.get(idempotencyKey)?.outcome;
      if (earlier?.kind === 'authorized') await this.cancel(earlier.payment.id);
    },
    async getPayment(paymentId) {
      const p = await known(paymentId);
      return p ? { ...p } : null;
    },
    async listPayments({ begin, end, locationId }) {
      const remembered = [...byId.values()]
        .filter((p) => p.createdAt >= begin.toISOString() && p.createdAt < end.toISOString())
        .filter((p) => locationId === null || p.locationId === locationId);
      // Square lists every payment of the seller, whichever process took it: the ledger's test
      // payments stand in for those this process does not remember (its own memory is fresher).
      const recalled = ((await ledger?.list({ begin, end, locationId })) ?? []).filter(
        (p) => !byId.has(p.id),
      );
      return [...remembered, ...recalled].map((p) => ({ ...p }));
    },
    async refund({ paymentId, amountCents, idempotencyKey }) {
      const earlier = refundsByKey.get(idempotencyKey);
      if (earlier) return { kind: 'accepted', refund: { ...earlier } };
      const p = await known(paymentId);
      if (!p) return { kind: 'refused', code: 'NOT_FOUND', detail: `NOT_FOUND: no payment ${paymentId}` };
      if (p.status !== 'COMPLETED') {
        return { kind: 'refused', code: 'PAYMENT_NOT_REFUNDABLE', detail: 'PAYMENT_NOT_REFUNDABLE' };
      }
      if (p.refundedCents + amountCents > p.amountCents) {
        return { kind: 'refused', code: 'REFUND_AMOUNT_INVALID', detail: 'REFUND_AMOUNT_INVALID' };
      }
      p.refundedCents += amountCents;
      const refund: ProviderRefund = {
        id: `test_refund_${randomBytes(8).toString('hex')}`,
        paymentId,
        status: 'COMPLETED',
        amountCents,
      };
      refundsByKey.set(idempotencyKey, refund);
      refundsById.set(refund.id, refund);
      return { kind: 'accepted', refund: { ...refund } };
    },
    async getRefund(refundId) {
      const r = refundsById.get(refundId);
      return r ? { ...r } : null;
    },
  };
}

export { SquareUnauthorized, SquareUnavailable } from './square.js';
