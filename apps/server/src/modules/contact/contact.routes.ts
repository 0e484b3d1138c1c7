import { contactCalls } from '@kitchaco/domain';
import { defineRoute, type Module } from '../../http/registry.js';
import { sendContactMessage } from './contact.service.js';

export const contactModule: Module = {
  routes: [
    defineRoute(contactCalls.sendContactMessage, {
      handler: (ctx, { body }) => sendContactMessage(ctx.app, body, ctx.clientAddress),
    }),
  ],
};
