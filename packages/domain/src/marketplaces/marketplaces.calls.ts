import { z } from 'zod';

import { MARKETPLACE_CHANNELS } from '../constants.js';
import { ENDPOINTS, PUBLIC, queryCall, routeCall, SUPER_ADMIN } from '../wire/calls.js';
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
import { marketplaceWebhookResponse, WEBHOOK_ADAPTERS } from './webhooks.js';

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
 * body bytes before anything in the body is believed (docs/marketplaces.md).
 */
export const WEBHOOK_HEADERS = {
  uber_eats: z.object({ 'x-uber-signature': signedHeader }),
  deliveroo: z.object({ 'x-deliveroo-sequence-guid': signedHeader, 'x-deliveroo-hmac-sha256': signedHeader }),
  doordash: z.object({ 'x-doordash-signature': signedHeader }),
  menulog: z.object({ 'x-menulog-signature': signedHeader }),
} satisfies Record<MarketplaceChannel, z.ZodType>;

export const webhookUrl = (channel: MarketplaceChannel) =>
  `/api/v1/marketplaces/${MARKETPLACE_PLATFORMS[channel].slug}/webhook/`;

/** A platform's order notification: its own address, signature headers and payload. */
function webhookCall(channel: MarketplaceChannel) {
  return routeCall({
    method: 'POST',
    url: webhookUrl(channel),
    summary: `${MARKETPLACE_PLATFORMS[channel].name} order notification: stored once in the orders ledger (a resend answers duplicate: true; a later status moves the order forward). Signed with HMAC-SHA256 of the raw body (docs/marketplaces.md); 401 on a bad signature, 422 for an unmapped store, 503 when the secret is not configured.`,
    tag: 'marketplaces',
    access: PUBLIC,
    headers: WEBHOOK_HEADERS[channel] as z.ZodType<Record<string, string | undefined>>,
    body: WEBHOOK_ADAPTERS[channel].payload as z.ZodType,
    response: marketplaceWebhookResponse,
    failures: 'status',
  });
}

/** The webhook of each platform. */
export const marketplaceWebhookCalls = Object.fromEntries(
  MARKETPLACE_CHANNELS.map((channel) => [channel, webhookCall(channel)]),
) as Record<MarketplaceChannel, ReturnType<typeof webhookCall>>;
