import { notificationsCalls } from '@kitchaco/domain';
import { defineRoute, type Module } from '../../http/registry.js';
import { presentOutboxMessage } from './notifications.presenter.js';
import { recentMessages } from './outbox.service.js';

export const notificationsModule: Module = {
  routes: [
    defineRoute(notificationsCalls.devOutbox, {
      async handler(ctx, { query }) {
        const rows = await recentMessages(ctx.app, query.limit);
        return { messages: rows.map(presentOutboxMessage) };
      },
    }),
  ],
};
