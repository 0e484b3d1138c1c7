import type { FastifyBaseLogger } from 'fastify';
import { DeliveryError, type DeliveryFailureKind } from './delivery-error.js';

export interface EmailAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  attachments: EmailAttachment[];
}

export interface EmailSender {
  readonly name: string;
  send(message: EmailMessage): Promise<{ providerId: string }>;
}

/** Delivers nowhere: the message stays readable in the outbox (and /dev/outbox in demo mode). */
export function localEmailSender(log: FastifyBaseLogger, from: string): EmailSender {
  let n = 0;
  return {
    name: 'local',
    async send(message) {
      n += 1;
      log.debug({ to: message.to, from, subject: message.subject }, 'email delivered locally');
      return { providerId: `local-email-${n}` };
    },
  };
}

/** What nodemailer puts on a failed send (its dist/esm/errors.js and smtp-connection). */
interface NodemailerError {
  message: string;
  code?: string;
  responseCode?: number;
  response?: string;
  timeoutType?: string;
}

/**
 * RFC 5321 §4.2.1: a 5yz reply is a permanent negative completion (550 mailbox unavailable, 553
 * mailbox name not allowed, 552 too large): sending the same message again gets the same answer;
 * a 4yz reply is transient (421 service not available, 450/451/452). Exceptions: 503 is a bad
 * sequence of commands on our side (nodemailer's `isPermanentResponseCode` treats it as
 * retryable too), and 530/535 (RFC 4954: authentication required or refused) are our
 * credentials. A timeout while the message was being sent may follow the server's acceptance;
 * SMTP offers no way to ask, so it is `uncertain` and the retry sends again.
 */
export function smtpFailureKind(error: NodemailerError): DeliveryFailureKind {
  const reply = error.responseCode;
  if (error.code === 'EAUTH' || error.code === 'ENOAUTH' || reply === 530 || reply === 535)
    return 'credentials';
  if (reply && reply >= 500 && reply < 600 && reply !== 503) return 'permanent';
  if (reply) return 'transient';
  if (
    error.code === 'ETIMEDOUT' &&
    error.timeoutType !== 'CONNECT_TIMEOUT' &&
    error.timeoutType !== 'GREETING_TIMEOUT'
  ) {
    return 'uncertain';
  }
  return 'transient';
}

function smtpErrorText(error: NodemailerError): string {
  if (error.responseCode && error.response) return `SMTP ${error.response}`;
  return `SMTP ${error.code ?? 'error'}: ${error.message}`;
}

/**
 * SMTP through nodemailer, loaded only when configured. Its own timeouts (2 min to connect, 10 min
 * of silence) are longer than the outbox's claim on a message (60 s), after which another worker
 * would send it again; these keep a send within the claim.
 */
export function smtpEmailSender(options: { url: string; from: string }): EmailSender {
  let transport: Promise<{ sendMail(m: unknown): Promise<{ messageId: string }> }> | null = null;
  return {
    name: 'smtp',
    async send(message) {
      transport ??= import('nodemailer').then((m) =>
        m.default.createTransport({
          url: options.url,
          connectionTimeout: 15_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        }),
      );
      try {
        const info = await (await transport).sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          attachments: message.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.content, 'base64'),
          })),
        });
        return { providerId: info.messageId };
      } catch (error) {
        const e = error as NodemailerError;
        throw new DeliveryError(smtpFailureKind(e), smtpErrorText(e));
      }
    },
  };
}
