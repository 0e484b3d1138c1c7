import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { type CardTerminalProvider, localCardTerminals, squareCardTerminals } from './card-terminals.js';
import { type EmailSender, localEmailSender, smtpEmailSender } from './email.js';
import {
  type FacebookVerifier,
  graphFacebookVerifier,
  localFacebookVerifier,
  unavailableFacebookVerifier,
} from './facebook.js';
import { type ImageStore, localImageStore, s3ImageStore } from './images.js';
import { localPaymentProvider, type PaymentProvider } from './payments.js';
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

export function createAdapters(config: Config, log: FastifyBaseLogger): Adapters {
  return {
    sms: config.sms.kind === 'twilio' ? twilioSmsSender(config.sms) : localSmsSender(log),
    email:
      config.email.kind === 'smtp' ? smtpEmailSender(config.email) : localEmailSender(log, config.email.from),
    payments: localPaymentProvider(),
    images: config.images.s3
      ? s3ImageStore(config.images.s3, localImageStore(config.images.dir))
      : localImageStore(config.images.dir),
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
