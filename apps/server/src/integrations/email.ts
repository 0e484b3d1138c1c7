import type { FastifyBaseLogger } from 'fastify';

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

/** SMTP through nodemailer, loaded only when configured. */
export function smtpEmailSender(options: { url: string; from: string }): EmailSender {
  let transport: Promise<{ sendMail(m: unknown): Promise<{ messageId: string }> }> | null = null;
  return {
    name: 'smtp',
    async send(message) {
      transport ??= import('nodemailer').then((m) => m.default.createTransport(options.url));
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
    },
  };
}
