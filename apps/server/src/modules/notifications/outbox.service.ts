import { smsDeliveryStatusOf } from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { OutboxAttachment } from '../../db/schema/index.js';
import { DeliveryError, type DeliveryFailureKind } from '../../integrations/delivery-error.js';
import { type Poller, startPoller } from '../../lib/poller.js';
import { isSealed, seal, unseal } from '../../lib/seal.js';
import {
  claimDueMessages,
  deleteFinishedBefore,
  insertOutboxMessage,
  listRecentMessages,
  markFailed,
  markSent,
} from './outbox.queries.js';

/** Queues an SMS in the caller's transaction: it leaves only if the change that caused it commits. */
export function queueSms(db: DbOrTx, at: Date, to: string, body: string): Promise<number> {
  return insertOutboxMessage(db, { channel: 'sms', recipient: to, body, at });
}

/**
 * Queues an SMS that carries a secret (a sign-in code) sealed under APP_SECRET: the outbox row,
 * its backups and anyone reading the table see only `sealed:v1:…`; the worker opens it just before
 * handing it to the provider (docs/operations.md, "Sealed messages").
 */
export function queueSealedSms(
  db: DbOrTx,
  secret: string,
  at: Date,
  to: string,
  body: string,
): Promise<number> {
  return insertOutboxMessage(db, { channel: 'sms', recipient: to, body: seal(secret, body, to), at });
}

/**
 * A message's text as it is to be sent (or shown in the demo's outbox): a sealed body opened with
 * this instance's APP_SECRET, a plain one (rows from before sealing, emails) as it is.
 */
export function openBody(secret: string, m: { recipient: string; body: string }): string {
  return isSealed(m.body) ? unseal(secret, m.body, m.recipient) : m.body;
}

export function queueEmail(
  db: DbOrTx,
  at: Date,
  email: { to: string; subject: string; body: string; attachments?: OutboxAttachment[] },
): Promise<number> {
  return insertOutboxMessage(db, {
    channel: 'email',
    recipient: email.to,
    subject: email.subject,
    body: email.body,
    attachments: email.attachments ?? [],
    at,
  });
}

/** Seconds to wait before attempt n+1: 5 s, 10 s, 20 s ... capped at 30 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(5 * 2 ** Math.max(0, attempts - 1), 1800);
}

const CLAIM_SECONDS = 60;

/**
 * Starts `last_error` when the provider gave no usable answer, so the message may have gone; the
 * next attempt asks the provider before sending again (docs/reliability.md, "Delivery errors").
 */
export const UNCONFIRMED = 'Unconfirmed: ';

/** How a send failed, and the text the row keeps (the provider's own code and words where it gave them). */
function failureOf(error: unknown): { kind: DeliveryFailureKind; text: string } {
  if (error instanceof DeliveryError) {
    return {
      kind: error.kind,
      text: error.kind === 'uncertain' ? `${UNCONFIRMED}${error.message}` : error.message,
    };
  }
  return { kind: 'transient', text: error instanceof Error ? error.message : String(error) };
}

/**
 * Whether an earlier attempt may have reached the provider: it had no usable answer, or it never
 * recorded any outcome (its worker died or lost the database after claiming the message).
 */
function mayHaveBeenSent(m: { attempts: number; lastError: string | null }): boolean {
  return m.attempts > 1 && (m.lastError === null || m.lastError.startsWith(UNCONFIRMED));
}

/**
 * Delivers what is due once. Each message is claimed in a short transaction, sent outside it, and
 * marked; a crash between send and mark leaves a claim that expires and is retried (at-least-once,
 * which for a sign-in code or a notice is the right side to err on). A permanent refusal (an
 * invalid number, a recipient who replied STOP, a 5xx SMTP reply) fails the message at once.
 */
export async function deliverDueMessages(
  app: AppContext,
  limit = 20,
): Promise<{ sent: number; failed: number }> {
  const now = app.clock.now();
  const claimed = await app.db.transaction((tx) => claimDueMessages(tx, now, CLAIM_SECONDS, limit));
  let sent = 0;
  let failed = 0;
  for (const m of claimed) {
    let body: string;
    try {
      body = openBody(app.config.secret, m);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // Sending the sealed text would put garbage on the customer's phone, and no retry can open
      // it: fail it now. The customer asks for a new code, which is sealed with the current secret.
      failed += 1;
      await markFailed(app.db, m.id, `Cannot unseal: ${reason}; not sent`, null);
      app.log.error(
        {
          outboxId: m.id,
          channel: m.channel,
          attempts: m.attempts,
          code: 'OUTBOX_UNSEALABLE',
          reason,
        },
        'outbox message cannot be opened with this APP_SECRET: failed, not sent (every instance needs the same APP_SECRET)',
      );
      continue;
    }
    try {
      let provider: Parameters<typeof markSent>[3];
      if (m.channel === 'sms') {
        const result = await app.adapters.sms.send(
          { to: m.recipient, body },
          mayHaveBeenSent(m) ? { mayHaveBeenAcceptedSince: m.createdAt } : undefined,
        );
        if (result.alreadyAccepted) {
          app.log.info(
            { outboxId: m.id, providerId: result.providerId },
            'outbox sms found already accepted',
          );
        }
        // Twilio's MessageSid, which its status callbacks name (twilio-status.service.ts).
        provider = { providerId: result.providerId, deliveryStatus: smsDeliveryStatusOf(result.status) };
      } else {
        await app.adapters.email.send({
          to: m.recipient,
          subject: m.subject ?? '',
          text: body,
          attachments: m.attachments,
        });
      }
      await markSent(app.db, m.id, app.clock.now(), provider);
      sent += 1;
    } catch (error) {
      failed += 1;
      const { kind, text } = failureOf(error);
      const giveUp = kind === 'permanent' || m.attempts >= app.config.outbox.maxAttempts;
      const retryAt = giveUp
        ? null
        : new Date(app.clock.now().getTime() + retryDelaySeconds(m.attempts) * 1000);
      await markFailed(app.db, m.id, text, retryAt);
      const fields = { outboxId: m.id, channel: m.channel, attempts: m.attempts, giveUp, kind, reason: text };
      if (kind === 'credentials') {
        // Every message fails until someone fixes the settings: say so where operators look.
        app.log.error(
          fields,
          m.channel === 'sms'
            ? 'the SMS provider refused our credentials: check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN'
            : 'the SMTP server refused our credentials: check SMTP_URL',
        );
      } else {
        app.log.warn(
          fields,
          kind === 'permanent' ? 'outbox delivery refused for good' : 'outbox delivery failed',
        );
      }
    }
  }
  return { sent, failed };
}

/** Rows deleted per statement when the outbox is pruned, so no delete holds the table long. */
const PRUNE_BATCH = 1_000;
/** How often the worker prunes (ms). */
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * Deletes the messages delivered or failed more than `OUTBOX_RETENTION_DAYS` ago: phone numbers,
 * texts and emails with their PDF invoices are personal data, kept only as long as someone may
 * need to see what was sent (docs/operations.md, "Outbox retention"). Answers how many went.
 */
export async function pruneOutbox(app: AppContext): Promise<number> {
  const before = new Date(app.clock.now().getTime() - app.config.outbox.retentionDays * 86_400_000);
  let total = 0;
  for (;;) {
    const deleted = await deleteFinishedBefore(app.db, before, PRUNE_BATCH);
    total += deleted;
    if (deleted < PRUNE_BATCH) break;
  }
  if (total > 0) app.log.info({ deleted: total, before: before.toISOString() }, 'outbox pruned');
  return total;
}

/** Polls the outbox until stopped, and prunes it every ten minutes. */
export function startOutboxWorker(app: AppContext): Poller {
  let lastPrune = 0;
  return startPoller(app.log, 'outbox worker', app.config.outbox.pollMs, async () => {
    await deliverDueMessages(app);
    if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await pruneOutbox(app);
    }
  });
}

/** What the demo's outbox shows for a sealed body this instance cannot open. */
export const UNOPENABLE_BODY = '(sealed: cannot be opened with this APP_SECRET)';

/**
 * The newest messages of the outbox, newest first, with sealed bodies opened: the development
 * outbox screen, reachable in demo mode only, is where a person reads the demo's sign-in codes.
 */
export async function recentMessages(app: AppContext, limit: number) {
  const rows = await listRecentMessages(app.db, limit);
  return rows.map((m) => {
    try {
      return { ...m, body: openBody(app.config.secret, m) };
    } catch {
      return { ...m, body: UNOPENABLE_BODY };
    }
  });
}
