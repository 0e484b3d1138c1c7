import { type PaymentInput, SANDBOX_TOKENS } from '@kitchaco/domain';

/**
 * What a checkout sends for the card: the one-time token Square's Web Payments SDK makes (here, the
 * sandbox tokens the local test provider and the fake Square answer as Square's sandbox does).
 */
export const CARD_OK: PaymentInput = { source_id: SANDBOX_TOKENS.ok };
export const CARD_DECLINED: PaymentInput = { source_id: SANDBOX_TOKENS.declined };
export const CARD_BAD_CVV: PaymentInput = { source_id: SANDBOX_TOKENS.rejectedCvv };
