import { z } from 'zod';
import { MARKETPLACE_CHANNELS } from '../constants.js';
import { ENDPOINTS, PUBLIC, queryCall, routeCall, SUPER_ADMIN, WEBHOOK_BODY_LIMIT } from '../wire/calls.js';
import { dbId } from '../wire/wire.js';
import { MARKETPLACE_PLATFORMS, marketplaceChannel } from './marketplace-order.js';
import { uberEatsWebhookEvent } from './uber-eats.js';

/**
 * The marketplace webhook inbox (docs/marketplaces.md, "Webhook inbox"): a verified notification is
 * stored raw and answered at once; a worker processes it. Generic by platform; Uber Eats is the
 * first platform that goes through it.
 */

export const INBOX_STATUSES = ['pending', 'processed', 'failed'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

/** The answer to the platform: the event is stored (once), processing follows. */
export const marketplaceInboxReceipt = z.object({
  success: z.literal(true),
  event_id: z.string(),
  /** The same event id of this platform was already stored: nothing new was written. */
  duplicate: z.boolean(),
});
export type MarketplaceInboxReceipt = z.infer<typeof marketplaceInboxReceipt>;

const signedHeader = z.string().max(512).optional();

/** Uber Eats' webhook headers (lower case): the signature and `X-Environment` (production, sandbox). */
export const UBER_EATS_WEBHOOK_HEADERS = z.object({
  'x-uber-signature': signedHeader,
  'x-environment': z.string().max(40).optional(),
});

export const uberEatsWebhookCall = routeCall({
  method: 'POST',
  url: `/api/v1/marketplaces/${MARKETPLACE_PLATFORMS.uber_eats.slug}/webhook/`,
  summary:
    "Uber Eats webhook (orders.notification, orders.cancel and Uber's other events), signed with X-Uber-Signature: hex HMAC-SHA256 of the raw body with the app's client secret. Stored once per event_id in the inbox and answered at once with 200 and an empty body, as Uber asks; the order is fetched from Uber, stored and accepted or denied by the inbox worker. 401 on a bad signature, 400 naming the field for a malformed event, 503 when Uber Eats is not configured.",
  tag: 'marketplaces',
  access: PUBLIC,
  headers: UBER_EATS_WEBHOOK_HEADERS,
  body: uberEatsWebhookEvent,
  response: marketplaceInboxReceipt,
  failures: 'status',
  bodyLimit: WEBHOOK_BODY_LIMIT,
});

export const marketplaceInboxRequest = z.object({
  platform: marketplaceChannel.optional(),
  status: z.enum(INBOX_STATUSES, { error: `status must be one of ${INBOX_STATUSES.join(', ')}` }).optional(),
  /** Rows with a smaller id only (the next page: the last id of the previous one). */
  before_id: dbId.optional(),
  limit: z.number().int().min(1).max(200).default(50),
});

export const marketplaceInboxRow = z.object({
  id: z.number().int(),
  platform: z.enum(MARKETPLACE_CHANNELS),
  event_id: z.string(),
  event_type: z.string(),
  resource_id: z.string().nullable(),
  status: z.enum(INBOX_STATUSES),
  attempts: z.number().int(),
  /** Why the last attempt failed; for a failed row, why it gave up. */
  last_error: z.string().nullable(),
  /** What processing did (accepted, denied with its reason, a status moved, ignored). */
  outcome: z.string().nullable(),
  received_at: z.string(),
  next_attempt_at: z.string().nullable(),
  processed_at: z.string().nullable(),
});
export type MarketplaceInboxRow = z.infer<typeof marketplaceInboxRow>;

export const marketplaceInboxResponse = z.object({
  success: z.literal(true),
  rows: z.array(marketplaceInboxRow),
  counts: z.object({ pending: z.number().int(), processed: z.number().int(), failed: z.number().int() }),
});
export type MarketplaceInboxResponse = z.infer<typeof marketplaceInboxResponse>;

export const marketplaceInboxRetryRequest = z.object({ id: dbId });
export const marketplaceInboxRetryResponse = z.object({ success: z.literal(true), row: marketplaceInboxRow });

/** The super admin's view of the inbox. */
export const marketplaceInboxCalls = {
  marketplaceInbox: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'marketplace_inbox',
    summary:
      'The marketplace webhook inbox, newest first: each received event with its status (pending, processed, failed), attempts, last error and outcome; counts by status.',
    access: SUPER_ADMIN,
    audit: false,
    input: marketplaceInboxRequest,
    response: marketplaceInboxResponse,
    failures: 'spec',
  }),
  retryMarketplaceInbox: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'marketplace_inbox_retry',
    summary:
      'Puts a failed (or waiting) inbox event back for the worker at once, with its attempts counted afresh; 404 unknown id, 409 when it was already processed.',
    access: SUPER_ADMIN,
    audit: { action: 'marketplace.inbox_retry', entity: 'marketplace_event' },
    input: marketplaceInboxRetryRequest,
    response: marketplaceInboxRetryResponse,
    failures: 'spec',
    statuses: [404, 409],
  }),
};
