import { createHmac, timingSafeEqual } from 'node:crypto';
import { SQUARE_SIGNATURE_HEADER, type SquareWebhookEvent } from '@kitchaco/domain';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { unauthorized, unavailable } from '../../http/errors.js';
import { fromSquareDeviceCode } from '../../integrations/card-terminals.js';
import { fromSquarePayment, fromSquareRefund, type ProviderPayment } from '../../integrations/payments.js';
import { recordDeviceCode } from '../kiosks/kiosks.service.js';
import * as q from './payments.queries.js';
import { applyRefund } from './payments.service.js';

/**
 * Square's webhook notifications (https://developer.squareup.com/docs/webhooks/overview), at
 * `POST /api/v1/square/webhook/`. Each is signed: `x-square-hmacsha256-signature` is the base64
 * HMAC-SHA256, with the subscription's signature key, of the notification URL as registered
 * followed by the raw body (https://developer.squareup.com/docs/webhooks/step3validate; the SDK's
 * WebhooksHelper.verifySignature does the same). Square delivers at least once and may resend: the
 * event id is kept in the same transaction as its effect, so a duplicate changes nothing.
 *
 * Events taken:
 * - `device.code.paired` (data.object.device_code): the kiosk's terminal paired, with its device id
 *   (https://developer.squareup.com/reference/square/webhooks/device.code.paired);
 * - `payment.updated` (data.object.payment): our payment row follows the provider's status
 *   (https://developer.squareup.com/reference/square/webhooks/payment.updated);
 * - `refund.updated` (data.object.refund): our refund row follows, and the ledger with it
 *   (https://developer.squareup.com/reference/square/webhooks/refund.updated).
 * Other types are acknowledged and ignored.
 */

/** The signature Square sends for a body at the registered URL. */
export function squareSignature(
  signatureKey: string,
  notificationUrl: string,
  rawBody: Buffer | string,
): string {
  return createHmac('sha256', signatureKey).update(notificationUrl).update(rawBody).digest('base64');
}

function webhookSettings(config: Config) {
  return config.payments.provider === 'square' ? config.payments.square.webhook : config.payments.webhook;
}

/** Checks the signature on the exact bytes before anything in the body is believed. */
export function verifySquareWebhook(
  config: Config,
  rawBody: Buffer,
  headers: Record<string, string | undefined>,
): void {
  const settings = webhookSettings(config);
  if (!settings) {
    throw unavailable(
      'Square webhooks are not configured (SQUARE_WEBHOOK_SIGNATURE_KEY, SQUARE_WEBHOOK_URL).',
    );
  }
  const given = Buffer.from(headers[SQUARE_SIGNATURE_HEADER]?.trim() ?? '', 'base64');
  const expected = Buffer.from(squareSignature(settings.signatureKey, settings.url, rawBody), 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw unauthorized('The Square signature does not match.');
  }
}

const money = z.object({ amount: z.number().int() }).optional();
/** The fields of Square's objects we read (Square adds others; they are ignored). */
const OBJECTS = {
  device_code: z.object({
    id: z.string().min(1),
    code: z.string(),
    status: z.enum(['UNKNOWN', 'UNPAIRED', 'PAIRED', 'EXPIRED']).optional(),
    device_id: z.string().optional(),
    pair_by: z.string().optional(),
    paired_at: z.string().optional(),
  }),
  payment: z.object({
    id: z.string().min(1),
    status: z.enum(['APPROVED', 'PENDING', 'COMPLETED', 'CANCELED', 'FAILED']),
    amount_money: money,
    refunded_money: money,
    created_at: z.string().default(''),
  }),
  refund: z.object({
    id: z.string().min(1),
    payment_id: z.string(),
    status: z.enum(['PENDING', 'COMPLETED', 'REJECTED', 'FAILED']),
    amount_money: money,
  }),
};

function objectOf<K extends keyof typeof OBJECTS>(
  event: SquareWebhookEvent,
  key: K,
): z.output<(typeof OBJECTS)[K]> | null {
  const parsed = OBJECTS[key].safeParse(event.data?.object?.[key]);
  return parsed.success ? (parsed.data as z.output<(typeof OBJECTS)[K]>) : null;
}

export async function receiveSquareEvent(app: AppContext, event: SquareWebhookEvent) {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const fresh = await q.recordProviderEvent(tx, {
      eventId: event.event_id,
      type: event.type,
      receivedAt: now,
    });
    if (!fresh) return { success: true as const, duplicate: true };

    if (event.type === 'device.code.paired' || event.type === 'device.code.updated') {
      const code = objectOf(event, 'device_code');
      if (code) await recordDeviceCode(tx, fromSquareDeviceCode(code, now));
    } else if (event.type === 'payment.updated' || event.type === 'payment.created') {
      const object = objectOf(event, 'payment');
      if (object) await followPayment(tx, fromSquarePayment(object), now);
    } else if (event.type === 'refund.updated' || event.type === 'refund.created') {
      const object = objectOf(event, 'refund');
      if (object) {
        const r = fromSquareRefund(object);
        const ours = await q.findRefundByProviderId(tx, 'square', r.id);
        if (ours) await applyRefund(app, tx, ours.id, { status: r.status, providerRefundId: r.id });
      }
    }
    return { success: true as const, duplicate: false };
  });
}

/**
 * Our payment row follows Square's: forward only (an authorisation may become anything; the ends
 * stay). A payment that ends CANCELED or FAILED while its order stands, or that Square refunded
 * beyond the refunds we made, is flagged for a super admin.
 */
async function followPayment(tx: DbOrTx, p: ProviderPayment, now: Date): Promise<void> {
  const row = await q.lockProviderPayment(tx, 'square', p.id);
  if (!row) return;
  const ours = row.payment;
  if (ours.status === 'APPROVED' || ours.status === 'PENDING') {
    await q.setPaymentStatus(tx, ours.id, { status: p.status, updatedAt: now });
  }
  const standing = row.orderStatus !== null && row.orderStatus !== 'Canceled';
  if (standing && (p.status === 'CANCELED' || p.status === 'FAILED')) {
    await q.flagPayment(
      tx,
      ours.id,
      `The order stands but its card payment was ${p.status.toLowerCase()}: it is not paid.`,
      now,
    );
  } else if (p.refundedCents > ours.refundedCents) {
    await q.flagPayment(
      tx,
      ours.id,
      `The card provider refunded $${q.centsToAmount(p.refundedCents - ours.refundedCents)} more than the platform knows of (a refund made outside it?).`,
      now,
    );
  }
}
