import {
  SMS_NOT_DELIVERED,
  TWILIO_SIGNATURE_HEADER,
  type TwilioStatusCallback,
  type TwilioStatusResponse,
} from '@kitchaco/domain';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import { forbidden, notFound } from '../../http/errors.js';
import { twilioSignatureMatches } from '../../integrations/sms.js';
import { advanceDelivery, findDeliveryByProviderId } from './outbox.queries.js';

/**
 * Twilio's status callbacks for the SMS the outbox sent (docs/operations.md, "SMS delivery
 * status"), at `POST /api/v1/notifications/twilio/status/`. Twilio answers a create with `queued`,
 * which says nothing of the phone; it then posts each later status (`sending`, `sent`, `delivered`,
 * or `undelivered` / `failed` with an ErrorCode such as 30003 unreachable or 30005 unknown number)
 * to the StatusCallback URL given with the message
 * (https://www.twilio.com/docs/messaging/guides/track-outbound-message-status,
 * https://www.twilio.com/docs/messaging/guides/outbound-message-status-in-status-callbacks).
 *
 * - Signed: `X-Twilio-Signature` over TWILIO_STATUS_CALLBACK_URL and every posted parameter
 *   (https://www.twilio.com/docs/usage/security); checked before anything in the body is believed,
 *   403 and nothing changed when it does not match.
 * - Out of order and repeated: callbacks are separate HTTP requests, which the same guide warns
 *   may arrive in another order than the status changes, and may come more than once; the row moves
 *   forward only (outbox.queries.ts `advanceDelivery`, one statement), so a late `sent` never
 *   overwrites `delivered` and a repeat changes nothing.
 * - An unknown MessageSid (a message pruned from the outbox, or another system on the same
 *   account) is answered 200 and changes nothing: Twilio does not act on the answer's body, and a
 *   4xx or 5xx only shows as an error in its debugger (11200, https://www.twilio.com/docs/api/errors/11200)
 *   and, with retry overrides on the URL, repeats the request
 *   (https://www.twilio.com/docs/usage/webhooks/webhooks-connection-overrides), to no end.
 */
export function verifyTwilioStatus(
  config: Config,
  rawBody: Buffer,
  headers: Record<string, string | undefined>,
): void {
  // Without these no SMS was sent with a StatusCallback here, so no callback can be Twilio's for
  // us: 404, as for an address that does not exist (a 4xx, never a 5xx, for a setting left out).
  if (config.sms.kind !== 'twilio') {
    throw notFound('Twilio is not configured here (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM).');
  }
  const url = config.sms.statusCallbackUrl;
  if (!url) throw notFound('Twilio status callbacks are not configured here (TWILIO_STATUS_CALLBACK_URL).');
  const params = new URLSearchParams(rawBody.toString('utf8'));
  if (!twilioSignatureMatches(config.sms.authToken, url, params, headers[TWILIO_SIGNATURE_HEADER])) {
    throw forbidden('The Twilio signature does not match.');
  }
}

/** Moves the SMS's delivery status forward when the callback is news; says what it did. */
export async function receiveTwilioStatus(
  app: AppContext,
  callback: TwilioStatusCallback,
): Promise<TwilioStatusResponse> {
  const { MessageSid: providerId, MessageStatus: status } = callback;
  const errorCode = callback.ErrorCode ?? null;
  const id = await advanceDelivery(app.db, { providerId, status, errorCode, at: app.clock.now() });
  if (id !== null) {
    app.metrics.smsDelivery(status);
    if (SMS_NOT_DELIVERED.includes(status)) {
      // The customer did not get the text (a sign-in code, an order notice): say so where operators look.
      app.log.warn(
        { outboxId: id, providerId, status, errorCode, code: 'SMS_NOT_DELIVERED' },
        `Twilio reports the SMS ${status}${errorCode ? ` (error ${errorCode})` : ''}`,
      );
    }
    return { success: true, outcome: 'applied' };
  }
  const row = await findDeliveryByProviderId(app.db, providerId);
  if (!row) {
    app.log.info({ providerId, status }, 'Twilio status callback for a message the outbox does not have');
    return { success: true, outcome: 'unknown' };
  }
  return { success: true, outcome: row.deliveryStatus === status ? 'duplicate' : 'stale' };
}
