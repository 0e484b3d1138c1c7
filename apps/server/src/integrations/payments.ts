import { randomBytes } from 'node:crypto';

export interface CardDetails {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

export interface ChargeRequest {
  amountCents: number;
  /** The provider deduplicates on this key: a retried charge never charges twice. */
  idempotencyKey: string;
  card: CardDetails;
  reference: string;
}

export type ChargeResult =
  | {
      status: 'COMPLETED';
      providerPaymentId: string;
      receiptNumber: string;
      sourceType: string;
      appFeeCents: number;
      totalCents: number;
    }
  | { status: 'DECLINED'; providerPaymentId: string; reason: string }
  | { status: 'INVALID'; field: 'card_number' | 'expiry'; reason: string };

export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest, now: Date): Promise<ChargeResult>;
}

function luhnValid(digits: string): boolean {
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    total += d;
  }
  return total % 10 === 0;
}

function expired(expiry: string, now: Date): boolean {
  const [mm, yy] = expiry.split('/').map(Number);
  const endOfMonth = Date.UTC(2000 + yy!, mm!, 1);
  return endOfMonth <= now.getTime();
}

export const TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;

/**
 * The local test provider: behaves like a card processor without any network. 4242 4242 4242 4242
 * succeeds, 4000 0000 0000 0002 is declined, a number failing the Luhn check or an expired card is
 * refused. Results are remembered per idempotency key, as a real provider does.
 */
export function localPaymentProvider(): PaymentProvider {
  const seen = new Map<string, ChargeResult>();
  return {
    name: 'local',
    async charge(request, now) {
      const earlier = seen.get(request.idempotencyKey);
      if (earlier) return earlier;
      const number = request.card.cardNumber;
      let result: ChargeResult;
      if (!luhnValid(number))
        result = { status: 'INVALID', field: 'card_number', reason: 'The card number is not valid.' };
      else if (expired(request.card.expiry, now))
        result = { status: 'INVALID', field: 'expiry', reason: 'The card has expired.' };
      else if (number === TEST_CARDS.declined) {
        result = {
          status: 'DECLINED',
          providerPaymentId: `local_${randomBytes(8).toString('hex')}`,
          reason: 'CARD_DECLINED',
        };
      } else {
        result = {
          status: 'COMPLETED',
          providerPaymentId: `local_${randomBytes(8).toString('hex')}`,
          receiptNumber: randomBytes(3).toString('hex').toUpperCase() + String(now.getTime()).slice(-6),
          sourceType: 'CARD',
          appFeeCents: 0,
          totalCents: request.amountCents,
        };
      }
      seen.set(request.idempotencyKey, result);
      return result;
    },
  };
}
