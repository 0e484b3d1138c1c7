import type { AdminOutboxResponse, adminOutboxRequest, OutboxChannelHealth } from '@kitchaco/domain';
import { OUTBOX_CHANNELS } from '@kitchaco/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { outboxRows } from '../../db/backlogs.js';
import { conflict, notFound } from '../../http/errors.js';
import { recordAudit } from '../audit/audit.record.js';
import { presentAdminOutboxMessage } from './notifications.presenter.js';
import { channelStats, findMessage, listAdminMessages, requeueFailed } from './outbox.queries.js';

/** `admin_outbox`: the outbox newest first, by channel and status, as the health page shows it. */
export async function adminOutbox(
  app: AppContext,
  input: z.output<typeof adminOutboxRequest>,
): Promise<AdminOutboxResponse> {
  const rows = await listAdminMessages(app.db, input);
  return { success: true, messages: rows.map(presentAdminOutboxMessage) };
}

/** `admin_outbox_retry`: a failed message back to the worker now, audited. */
export async function retryOutboxMessage(app: AppContext, id: number) {
  const existing = await findMessage(app.db, id);
  if (!existing) throw notFound(`Outbox message #${id} does not exist.`);
  const row = await app.db.transaction(async (tx) => {
    const requeued = await requeueFailed(tx, id, app.clock.now());
    if (!requeued) {
      throw conflict(
        existing.status === 'sent'
          ? `Outbox message #${id} was already sent.`
          : `Outbox message #${id} is still being tried (${existing.status}).`,
      );
    }
    await recordAudit(tx, {
      entityId: id,
      locationId: null,
      summary: `${existing.channel === 'sms' ? 'SMS' : 'Email'} #${id} put back for delivery`,
      before: { status: existing.status, attempts: existing.attempts, last_error: existing.lastError },
      after: { status: requeued.status, attempts: requeued.attempts },
    });
    return requeued;
  });
  app.log.info({ outboxId: id, channel: row.channel }, 'outbox message put back for the worker');
  return { success: true as const, message: presentAdminOutboxMessage(row) };
}

const DAY_MS = 86_400_000;

/** The outbox by channel for the health page: the backlog, the last day's deliveries and last error. */
export async function outboxHealth(app: AppContext): Promise<OutboxChannelHealth[]> {
  const now = app.clock.now();
  const [backlog, stats] = await Promise.all([
    outboxRows(app.database),
    channelStats(app.db, new Date(now.getTime() - DAY_MS)),
  ]);
  return OUTBOX_CHANNELS.map((channel) => {
    const waiting = backlog.find((r) => r.channel === channel);
    const counts = stats.counts.find((r) => r.channel === channel);
    const error = stats.errors.find((r) => r.channel === channel);
    return {
      channel,
      waiting: waiting?.waiting ?? 0,
      oldest_waiting_seconds: waiting ? Math.max(0, Math.round(now.getTime() / 1000 - waiting.oldest)) : null,
      failed_24h: Number(counts?.failed ?? 0),
      sent_24h: Number(counts?.sent ?? 0),
      last_sent_at: counts?.lastSent?.toISOString() ?? null,
      last_error: error
        ? {
            message_id: error.id,
            created_at: error.createdAt.toISOString(),
            status: error.status,
            text: error.lastError ?? '',
          }
        : null,
    };
  });
}
