import type { FastifyBaseLogger } from 'fastify';

export interface SmsMessage {
  to: string;
  body: string;
}

export interface SmsSender {
  readonly name: string;
  send(message: SmsMessage): Promise<{ providerId: string }>;
}

/** Delivers nowhere: the message stays readable in the outbox (and /dev/outbox in demo mode). */
export function localSmsSender(log: FastifyBaseLogger): SmsSender {
  let n = 0;
  return {
    name: 'local',
    async send(message) {
      n += 1;
      // The body carries sign-in codes: log only that a message went out, never its text.
      log.debug({ to: message.to }, 'sms delivered locally');
      return { providerId: `local-sms-${n}` };
    },
  };
}

/** Twilio's Messages API over HTTPS. */
export function twilioSmsSender(options: {
  accountSid: string;
  authToken: string;
  from: string;
  apiUrl: string;
}): SmsSender {
  const url = `${options.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64');
  return {
    name: 'twilio',
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: message.to, From: options.from, Body: message.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`Twilio answered ${response.status}`);
      const json = (await response.json()) as { sid?: string };
      return { providerId: json.sid ?? 'twilio' };
    },
  };
}
