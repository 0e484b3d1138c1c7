import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { payments } from '../db/schema/index.js';
import { type CardTerminalProvider, localCardTerminals, squareCardTerminals } from './card-terminals.js';
import { type EmailSender, localEmailSender, smtpEmailSender } from './email.js';
import {
  type FacebookVerifier,
  graphFacebookVerifier,
  localFacebookVerifier,
  unavailableFacebookVerifier,
} from './facebook.js';
import { type ImageStore, localImageStore, s3ImageStore } from './images.js';
import {
  localPayments,
  type PaymentProvider,
  type PaymentStatus,
  type ProviderPayment,
  squarePayments,
  type TestPaymentLedger,
} from './payments.js';
import { localSmsSender, type SmsSender, twilioSmsSender } from './sms.js';

/** The outside world, behind small interfaces. Local implementations by default and in tests. */
export interface Adapters {
  sms: SmsSender;
  email: EmailSender;
  payments: PaymentProvider;
  images: ImageStore;
  cardTerminals: CardTerminalProvider;
  facebook: FacebookVerifier;
}

/**
 * Test payments as our ledger holds them: the local provider's memory of the payments another
 * process took (another instance, or this one before a restart).
 */
function ledgerPayments(db: Db): TestPaymentLedger {
  // What the provider refunded: the refunds it accepted. A refund claimed but not yet sent (our
  // `refunded_cents` reserves it first) is not refunded at the provider.
  const columns = {
    row: payments,
    // Written out with its own alias: in a select's field, Drizzle names columns without their
    // table, and an unqualified "id" inside the subquery is the refund's own (which summed other
    // payments' refunds: the soak's cancellations were refused as over-refunds).
    accepted: sql<number>`(SELECT coalesce(sum(r.amount_cents), 0)::int FROM refunds r
      WHERE r.payment_id = "payments"."id" AND r.provider_refund_id IS NOT NULL
        AND r.status IN ('PENDING', 'COMPLETED'))`.mapWith(Number),
  };
  const present = ({
    row,
    accepted,
  }: {
    row: typeof payments.$inferSelect;
    accepted: number;
  }): ProviderPayment => ({
    id: row.providerPaymentId!,
    status: row.status as PaymentStatus,
    amountCents: row.totalCents,
    appFeeCents: row.appFeeCents,
    refundedCents: accepted,
    receiptNumber: row.receiptNumber,
    sourceType: row.sourceType ?? 'CARD',
    referenceId: row.referenceId,
    locationId: row.providerLocationId,
    createdAt: row.createdAt.toISOString(),
  });
  const test = and(eq(payments.provider, 'test'), isNotNull(payments.providerPaymentId));
  return {
    async find(paymentId) {
      const [row] = await db
        .select(columns)
        .from(payments)
        .where(and(test, eq(payments.providerPaymentId, paymentId)))
        .limit(1);
      return row ? present(row) : null;
    },
    async list({ begin, end, locationId }) {
      const rows = await db
        .select(columns)
        .from(payments)
        .where(
          and(
            test,
            gte(payments.createdAt, begin),
            lt(payments.createdAt, end),
            locationId === null ? undefined : eq(payments.providerLocationId, locationId),
          ),
        );
      return rows.map(present);
    },
  };
}

/** The image store the settings name: a bucket (local folder behind it) or the local folder. */
export function createImageStore(config: Config): ImageStore {
  return config.images.s3
    ? s3ImageStore(config.images.s3, localImageStore(config.images.dir))
    : localImageStore(config.images.dir);
}

/** `db`: where the local test provider finds payments another instance took. */
export function createAdapters(config: Config, log: FastifyBaseLogger, db?: Db): Adapters {
  return {
    sms: config.sms.kind === 'twilio' ? twilioSmsSender(config.sms) : localSmsSender(log),
    email:
      config.email.kind === 'smtp' ? smtpEmailSender(config.email) : localEmailSender(log, config.email.from),
    payments:
      config.payments.provider === 'square'
        ? squarePayments(config.payments.square)
        : localPayments(db ? ledgerPayments(db) : undefined),
    images: createImageStore(config),
    cardTerminals:
      config.cardTerminals.kind === 'square'
        ? squareCardTerminals(config.cardTerminals)
        : localCardTerminals(),
    facebook:
      config.facebook.kind === 'graph'
        ? graphFacebookVerifier(config.facebook)
        : config.facebook.kind === 'local'
          ? localFacebookVerifier()
          : unavailableFacebookVerifier(),
  };
}
