import { PUBLIC, routeCall } from '../wire/calls.js';
import { contactRequest, contactResponse } from './contact.schemas.js';

/** The calls of the contact area (packages/domain/src/wire/calls.ts). */
export const contactCalls = {
  sendContactMessage: routeCall({
    method: 'POST',
    url: '/api/v1/contact/',
    summary:
      "The landing page's contact form: name, phone, email and message (all required); emailed to the provider. At most a few per client address per hour (429).",
    tag: 'landing',
    access: PUBLIC,
    body: contactRequest,
    response: contactResponse,
    failures: 'status',
  }),
};
