import { notificationsCalls } from '@kitchaco/domain';
import { defineRoute, type Module } from '../../http/registry.js';
import { listRecentMessages } from './outbox.queries.js';

export const notificationsModule: Module = {
  routes: [
    defineRoute(notificationsCalls.devOutbox, {
      async handler(ctx, { query }) {
        const rows = await listRecentMessages(ctx.app.db, query.limit);
        return {
          messages: rows.map((m) => ({
            id: m.id,
            channel: m.channel,
            to: m.recipient,
            subject: m.subject,
            body: m.body,
            attachments: m.attachments.map((a) => ({
              filename: a.filename,
              content_type: a.contentType,
              size: Math.floor((a.content.length * 3) / 4),
            })),
            status: m.status,
            created_at: m.createdAt.toISOString(),
          })),
        };
      },
    }),
  ],
};
