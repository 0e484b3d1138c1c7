import { z } from 'zod';
import { ENDPOINTS, PUBLIC, queryCall, routeCall, SUPER_ADMIN } from '../wire/calls.js';
import {
  adminOutboxRequest,
  adminOutboxResponse,
  outboxListResponse,
  retryOutboxRequest,
  retryOutboxResponse,
} from './outbox.schemas.js';
import { twilioStatusCallback, twilioStatusHeaders, twilioStatusResponse } from './sms-delivery.js';

/** The calls of the notifications area (packages/domain/src/wire/calls.ts). */
export const notificationsCalls = {
  devOutbox: routeCall({
    method: 'GET',
    url: '/api/dev/outbox',
    summary: 'Demo mode only: the newest outbox messages, so a person can read an SMS code.',
    tag: 'dev',
    access: { kind: 'demo' },
    query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
    response: outboxListResponse,
    failures: 'status',
  }),
  adminOutbox: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'admin_outbox',
    summary:
      'The outbox (SMS and email) newest first, by channel and status: each message with its recipient masked, attempts, last error and times; never an SMS text.',
    access: SUPER_ADMIN,
    audit: false,
    input: adminOutboxRequest,
    response: adminOutboxResponse,
    failures: 'spec',
  }),
  retryOutboxMessage: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'admin_outbox_retry',
    summary:
      'Puts a failed outbox message back for the worker at once, with its attempts counted afresh; 404 unknown id, 409 when it is not failed (sent, or still being tried).',
    access: SUPER_ADMIN,
    audit: { action: 'outbox.retry', entity: 'outbox_message' },
    input: retryOutboxRequest,
    response: retryOutboxResponse,
    failures: 'spec',
    statuses: [404, 409],
  }),
  twilioStatus: routeCall({
    method: 'POST',
    url: '/api/v1/notifications/twilio/status/',
    summary:
      "Twilio's status callback for an SMS we sent (form-encoded MessageSid, MessageStatus, ErrorCode, ...), signed with X-Twilio-Signature: base64 HMAC-SHA1, with the auth token, of TWILIO_STATUS_CALLBACK_URL followed by every parameter's name and value sorted by name. The outbox row moves forward only: a late or repeated status changes nothing. 403 on a bad signature, 400 naming a bad field, 404 when Twilio or TWILIO_STATUS_CALLBACK_URL is not configured; an unknown MessageSid answers 200 and changes nothing.",
    tag: 'notifications',
    access: PUBLIC,
    headers: twilioStatusHeaders,
    body: twilioStatusCallback,
    forms: true,
    response: twilioStatusResponse,
    failures: 'status',
    statuses: [400, 403, 404],
  }),
};
