import { z } from 'zod';
import { ENDPOINTS, PUBLIC, queryCall, routeCall, SUPER_ADMIN, WEBHOOK_BODY_LIMIT } from '../wire/calls.js';
import { type JsonTextRead, readJsonText } from '../wire/json-text.js';
import { deliverooPayload } from './deliveroo.js';
import { doordashWebhookBody } from './doordash.js';
import { marketplaceInboxReceipt, uberEatsWebhookCall } from './inbox.calls.js';
import { MARKETPLACE_PLATFORMS, type MarketplaceChannel } from './marketplace-order.js';
import {
  MARKETPLACE_CSV_MAX_CHARS,
  marketplaceImportCommitResponse,
  marketplaceImportPreviewResponse,
  marketplaceImportRequest,
  marketplaceStoresResponse,
  saveMarketplaceStoreRequest,
  saveMarketplaceStoreResponse,
} from './marketplaces.schemas.js';
import { marketplaceWebhookResponse } from './webhooks.js';

/** A CSV of up to 5 MB arrives as a JSON string: room for its escaped quotes and line ends. */
const IMPORT_BODY_LIMIT = Math.ceil(MARKETPLACE_CSV_MAX_CHARS * 1.5);

/** The calls of the marketplaces area (packages/domain/src/wire/calls.ts). */
export const marketplacesCalls = {
  marketplaceStores: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'marketplace_stores',
    summary:
      'Every marketplace store mapping (platform store id to location and brand), and the locations with their brands.',
    access: SUPER_ADMIN,
    audit: false,
    input: z.object({}),
    response: marketplaceStoresResponse,
    failures: 'spec',
  }),
  saveMarketplaceStore: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'save_marketplace_store',
    summary:
      'Creates a store mapping, or changes one when id is given; 409 when the platform store id is already mapped.',
    access: SUPER_ADMIN,
    audit: { action: 'marketplace.store_save', entity: 'marketplace_store' },
    input: saveMarketplaceStoreRequest,
    response: saveMarketplaceStoreResponse,
    failures: 'spec',
    statuses: [404, 409],
  }),
  marketplaceImportPreview: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'marketplace_import_preview',
    summary:
      "Reads a platform's order export (CSV text, at most 5 MB) and says what importing it would do: counts, duplicates, unmatched meals, unknown stores, row errors and a sample. Writes nothing.",
    access: SUPER_ADMIN,
    audit: false,
    input: marketplaceImportRequest,
    response: marketplaceImportPreviewResponse,
    bodyLimit: IMPORT_BODY_LIMIT,
    failures: 'spec',
  }),
  marketplaceImportCommit: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'marketplace_import_commit',
    summary:
      "Imports a platform's order export in one transaction, skipping orders already in the ledger; a file with any row error is refused whole (422 with errors: [{ row, field, message }]).",
    access: SUPER_ADMIN,
    audit: { action: 'marketplace.import', entity: 'marketplace_import' },
    input: marketplaceImportRequest,
    response: marketplaceImportCommitResponse,
    bodyLimit: IMPORT_BODY_LIMIT,
    failures: 'spec',
    statuses: [422],
  }),
};

const signedHeader = z.string().max(512).optional();

/**
 * The headers each platform signs its order notifications with (lower case), read with the exact
 * body bytes before anything in the body is believed (docs/marketplaces.md). DoorDash signs
 * nothing: it sends a bearer token (DOORDASH_WEBHOOK_HEADERS).
 */
export const WEBHOOK_HEADERS = {
  uber_eats: z.object({ 'x-uber-signature': signedHeader }),
  deliveroo: z.object({ 'x-deliveroo-sequence-guid': signedHeader, 'x-deliveroo-hmac-sha256': signedHeader }),
} satisfies Partial<Record<MarketplaceChannel, z.ZodType>>;

/** DoorDash's webhook headers: `Authorization: Bearer <the subscription's auth token>`. */
export const DOORDASH_WEBHOOK_HEADERS = z.object({ authorization: z.string().max(1024).optional() });

export const webhookUrl = (channel: MarketplaceChannel) =>
  `/api/v1/marketplaces/${MARKETPLACE_PLATFORMS[channel].slug}/webhook/`;

/** Deliveroo's order notification: signed, read and stored while the platform waits. */
export const deliverooWebhookCall = routeCall({
  method: 'POST',
  url: webhookUrl('deliveroo'),
  summary:
    'Deliveroo order notification: stored once in the orders ledger (a resend answers duplicate: true; a later status moves the order forward); once the order is accepted, its sync status (succeeded, or failed with the reason) is queued once and sent to Deliveroo by the inbox worker. Signed with X-Deliveroo-Hmac-Sha256: hex HMAC-SHA256 of `<X-Deliveroo-Sequence-Guid> <raw body>` (docs/marketplaces.md); 401 on a bad signature, 422 for an unmapped store, 503 when DELIVEROO_WEBHOOK_SECRET is not set.',
  tag: 'marketplaces',
  access: PUBLIC,
  headers: WEBHOOK_HEADERS.deliveroo,
  body: deliverooPayload,
  response: marketplaceWebhookResponse,
  failures: 'status',
  bodyLimit: WEBHOOK_BODY_LIMIT,
});

/** DoorDash's Orders and Order Canceled webhooks, through the inbox (docs/marketplaces.md). */
export const doordashWebhookCall = routeCall({
  method: 'POST',
  url: webhookUrl('doordash'),
  summary:
    'DoorDash webhook (the Orders and the Order Canceled subscriptions), authenticated by `Authorization: Bearer <DOORDASH_WEBHOOK_TOKEN>` (or the token alone, as typed in the portal). Bodies up to 1 MiB. Stored raw once per DoorDash order id and event type in the inbox and answered at once; the inbox worker stores the order and confirms it at DoorDash (or fails it with the reason), or moves a cancelled order to Canceled. 401 without the token, 400 naming the field for a malformed body, 503 when DoorDash is not configured.',
  tag: 'marketplaces',
  access: PUBLIC,
  headers: DOORDASH_WEBHOOK_HEADERS,
  body: doordashWebhookBody,
  response: marketplaceInboxReceipt,
  failures: 'status',
  bodyLimit: WEBHOOK_BODY_LIMIT,
});

/**
 * The webhook of each platform that still sends one: Uber Eats and DoorDash go through the inbox;
 * Menulog's is retired (Menulog stopped trading in Australia on 26 Nov 2025; its exports remain).
 */
export const marketplaceWebhookCalls = {
  uber_eats: uberEatsWebhookCall,
  deliveroo: deliverooWebhookCall,
  doordash: doordashWebhookCall,
};

type WebhookBodies = {
  [C in keyof typeof marketplaceWebhookCalls]: z.output<
    NonNullable<(typeof marketplaceWebhookCalls)[C]['body']>
  >;
};

/** A platform's webhook body read from its text as its route declares it (the declaration's `body`). */
export function readWebhookText<C extends keyof WebhookBodies>(
  channel: C,
  text: string,
): JsonTextRead<WebhookBodies[C]> {
  const schema = marketplaceWebhookCalls[channel].body as unknown as z.ZodType<WebhookBodies[C]>;
  return readJsonText(text, (json) => schema.safeParse(json));
}
