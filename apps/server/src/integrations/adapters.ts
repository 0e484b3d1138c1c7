import { and, eq } from 'drizzle-orm';
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

/** A test payment as our ledger holds it (the local provider's memory of another process's payment). */
function ledgerPayment(db: Db) {
  return async (paymentId: string): Promise<ProviderPayment | null> => {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, 'test'), eq(payments.providerPaymentId, paymentId)))
      .limit(1);
    if (!row) return null;
    return {
      id: paymentId,
      status: row.status as PaymentStatus,
      amountCents: row.totalCents,
      appFeeCents: row.appFeeCents,
      refundedCents: row.refundedCents,
      receiptNumber: row.receiptNumber,
      sourceType: row.sourceType ?? 'CARD',
      referenceId: row.referenceId,
      locationId: row.providerLocationId,
      createdAt: row.createdAt.toISOString(),
    };
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
        : localPayments(db ? ledgerPayment(db) : undefined),
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
