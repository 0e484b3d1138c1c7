/**
 * How a failed send should be treated (the email adapter uses the same kinds):
 * - `permanent`: the provider refused this message and would refuse it again: no retry;
 * - `transient`: refused for now (rate limit, provider down, connection refused): retry later;
 * - `credentials`: our account or credentials were refused, not the recipient: retry, loudly;
 * - `uncertain`: no usable answer, so the message may have gone: retry, checking first where the
 *   provider allows it.
 */
export type DeliveryFailureKind = 'permanent' | 'transient' | 'credentials' | 'uncertain';

/** A failed send as the provider reported it; `message` is what the outbox row keeps. */
export class DeliveryError extends Error {
  constructor(
    readonly kind: DeliveryFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}
