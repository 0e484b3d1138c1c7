import {
  MARKETPLACE_CHANNELS,
  type MarketplaceChannel,
  marketplacesCalls,
  marketplaceWebhookCalls,
  WEBHOOK_ADAPTERS,
} from '@kitchaco/domain';
import { defineCall, defineRoute, type Module, type RouteDef } from '../../http/registry.js';
import * as marketplaces from './marketplaces.service.js';

/** One route per platform: its signature checked on the exact bytes, then the order stored. */
function webhookRoute(channel: MarketplaceChannel): RouteDef {
  const adapter = WEBHOOK_ADAPTERS[channel];
  return defineRoute(marketplaceWebhookCalls[channel], {
    rawBody: true,
    verify: (ctx, { rawBody, headers }) =>
      marketplaces.verifyWebhook(ctx.app.config, channel, rawBody, headers),
    handler: (ctx, { body }) => marketplaces.receiveWebhookOrder(ctx.app, adapter.normalize(body)),
  });
}

export const marketplacesModule: Module = {
  routes: MARKETPLACE_CHANNELS.map(webhookRoute),
  calls: [
    defineCall(marketplacesCalls.marketplaceStores, {
      handler: (ctx) => marketplaces.listStoreMappings(ctx.app),
    }),
    defineCall(marketplacesCalls.saveMarketplaceStore, {
      handler: (ctx, input) => marketplaces.saveStoreMapping(ctx.app, input),
    }),
    defineCall(marketplacesCalls.marketplaceImportPreview, {
      handler: (ctx, input) => marketplaces.previewImport(ctx.app, input),
    }),
    defineCall(marketplacesCalls.marketplaceImportCommit, {
      handler: (ctx, input) => marketplaces.commitImport(ctx.app, input),
    }),
  ],
};
