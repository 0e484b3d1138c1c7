import { notificationsCalls } from '@kitchaco/domain';
import { defineCall, defineRoute, type Module } from '../../http/registry.js';
import { presentOutboxMessage } from './notifications.presenter.js';
import { recentMessages } from './outbox.service.js';
import { adminOutbox, retryOutboxMessage } from './outbox-admin.service.js';
import { receiveTwilioStatus, verifyTwilioStatus } from './twilio-status.service.js';

export const notificationsModule: Module = {
  routes: [
    defineRoute(notificationsCalls.devOutbox, {
      async handler(ctx, { query }) {
        const rows = await recentMessages(ctx.app, query.limit);
        return { messages: rows.map(presentOutboxMessage) };
      },
    }),
    defineRoute(notificationsCalls.twilioStatus, {
      rawBody: true,
      verify: (ctx, { rawBody, headers }) => verifyTwilioStatus(ctx.app.config, rawBody, headers),
      handler: (ctx, { body }) => receiveTwilioStatus(ctx.app, body),
    }),
  ],
  calls: [
    defineCall(notificationsCalls.adminOutbox, { handler: (ctx, input) => adminOutbox(ctx.app, input) }),
    defineCall(notificationsCalls.retryOutboxMessage, {
      handler: (ctx, input) => retryOutboxMessage(ctx.app, input.id),
    }),
  ],
};
