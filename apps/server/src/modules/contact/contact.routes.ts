import { contactRequest, contactResponse } from '@kitchaco/domain';
import { PUBLIC } from '../../http/actor.js';
import { defineRoute, type Module } from '../../http/registry.js';
import { sendContactMessage } from './contact.service.js';

export const contactModule: Module = {
  routes: [
    defineRoute({
      method: 'POST',
      url: '/api/v1/contact/',
      summary:
        "The landing page's contact form: name, phone, email and message (all required); emailed to the provider. At most a few per client address per hour (429).",
      tag: 'landing',
      access: PUBLIC,
      body: contactRequest,
      response: contactResponse,
      handler: (ctx, { body }) => sendContactMessage(ctx.app, body, ctx.clientAddress),
    }),
  ],
};
