import {
  MARKETPLACE_CHANNELS,
  MARKETPLACE_CSV_MAX_CHARS,
  MARKETPLACE_PLATFORMS,
  type MarketplaceChannel,
  marketplaceImportCommitResponse,
  marketplaceImportPreviewResponse,
  marketplaceImportRequest,
  marketplaceStoresResponse,
  marketplaceWebhookResponse,
  saveMarketplaceStoreRequest,
  saveMarketplaceStoreResponse,
  WEBHOOK_ADAPTERS,
} from '@kitchaco/domain';
import { z } from 'zod';
import { PUBLIC, staff } from '../../http/actor.js';
import { defineCall, defineRoute, type Module, type RouteDef } from '../../http/registry.js';
import { SIGNATURES } from '../../integrations/marketplace-signatures.js';
import { ADMIN_DATA } from '../auth/auth.routes.js';
import * as marketplaces from './marketplaces.service.js';

const SUPER_ADMIN = staff('super_admin');
/** A CSV of up to 5 MB arrives as a JSON string: room for its escaped quotes and line ends. */
const IMPORT_BODY_LIMIT = Math.ceil(MARKETPLACE_CSV_MAX_CHARS * 1.5);

export const webhookUrl = (channel: MarketplaceChannel) =>
  `/api/v1/marketplaces/${MARKETPLACE_PLATFORMS[channel].slug}/webhook/`;

/** One route per platform: its own URL, signature headers and payload schema. */
function webhookRoute(channel: MarketplaceChannel): RouteDef {
  const { name } = MARKETPLACE_PLATFORMS[channel];
  const adapter = WEBHOOK_ADAPTERS[channel];
  return defineRoute({
    method: 'POST',
    url: webhookUrl(channel),
    summary: `${name} order notification: stored once in the orders ledger (a resend answers duplicate: true; a later status moves the order forward). Signed with HMAC-SHA256 of the raw body (docs/marketplaces.md); 401 on a bad signature, 422 for an unmapped store, 503 when the secret is not configured.`,
    tag: 'marketplaces',
    access: PUBLIC,
    rawBody: true,
    headers: SIGNATURES[channel].headers,
    verify: (ctx, { rawBody, headers }) =>
      marketplaces.verifyWebhook(ctx.app.config, channel, rawBody, headers),
    body: adapter.payload,
    response: marketplaceWebhookResponse,
    handler: (ctx, { body }) => marketplaces.receiveWebhookOrder(ctx.app, adapter.normalize(body)),
  });
}

export const marketplacesModule: Module = {
  routes: MARKETPLACE_CHANNELS.map(webhookRoute),
  calls: [
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'marketplace_stores',
      summary:
        'Every marketplace store mapping (platform store id to location and brand), and the locations with their brands.',
      access: SUPER_ADMIN,
      input: z.object({}),
      response: marketplaceStoresResponse,
      handler: (ctx) => marketplaces.listStoreMappings(ctx.app),
    }),
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'save_marketplace_store',
      summary:
        'Creates a store mapping, or changes one when id is given; 409 when the platform store id is already mapped.',
      access: SUPER_ADMIN,
      input: saveMarketplaceStoreRequest,
      response: saveMarketplaceStoreResponse,
      handler: (ctx, input) => marketplaces.saveStoreMapping(ctx.app, input),
    }),
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'marketplace_import_preview',
      summary:
        "Reads a platform's order export (CSV text, at most 5 MB) and says what importing it would do: counts, duplicates, unmatched meals, unknown stores, row errors and a sample. Writes nothing.",
      access: SUPER_ADMIN,
      input: marketplaceImportRequest,
      response: marketplaceImportPreviewResponse,
      bodyLimit: IMPORT_BODY_LIMIT,
      handler: (ctx, input) => marketplaces.previewImport(ctx.app, input),
    }),
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'marketplace_import_commit',
      summary:
        "Imports a platform's order export in one transaction, skipping orders already in the ledger; a file with any row error is refused whole (422 with errors: [{ row, field, message }]).",
      access: SUPER_ADMIN,
      input: marketplaceImportRequest,
      response: marketplaceImportCommitResponse,
      bodyLimit: IMPORT_BODY_LIMIT,
      handler: (ctx, input) => marketplaces.commitImport(ctx.app, input),
    }),
  ],
};
