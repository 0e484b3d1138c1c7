import {
  deliverooWebhookCall,
  doordashWebhookCall,
  marketplaceInboxCalls,
  marketplacePayoutCalls,
  marketplacesCalls,
  uberEatsWebhookCall,
} from '@kitchaco/domain';
import { invalid } from '../../http/errors.js';
import { valueOfRead } from '../../http/json-body.js';
import { defineCall, defineRoute, type Module } from '../../http/registry.js';
import { readWebhookBody } from '../../lib/off-thread.js';
import { receiveDeliverooWebhook } from './deliveroo.service.js';
import { doordashInboxEvent, verifyDoordashWebhook } from './doordash.service.js';
import * as inbox from './inbox.service.js';
import * as marketplaces from './marketplaces.service.js';
import * as payouts from './payouts.service.js';

/**
 * A platform's webhook body read as its route declares it, a large one (a catering order of hundreds
 * of lines) on a worker thread, so that other requests are not held while it is checked.
 */
function webhookBody<C extends 'deliveroo' | 'doordash'>(channel: C) {
  return async (rawBody: Buffer) => {
    if (rawBody.length === 0) throw invalid('The request body is empty: a JSON object is expected.');
    const text = rawBody.toString('utf8');
    return valueOfRead(await readWebhookBody(channel, text), text);
  };
}

/**
 * Deliveroo's webhook: its signature checked on the exact bytes, then the order stored at once and
 * its sync status queued in the inbox (deliveroo.service.ts).
 */
const deliverooWebhookRoute = defineRoute(deliverooWebhookCall, {
  rawBody: true,
  verify: (ctx, { rawBody, headers }) =>
    marketplaces.verifyWebhook(ctx.app.config, 'deliveroo', rawBody, headers),
  readBody: webhookBody('deliveroo'),
  handler: (ctx, { body }) => receiveDeliverooWebhook(ctx.app, body),
});

/**
 * Uber Eats' webhook: the signature checked on the exact bytes, the event written raw to the inbox
 * and answered at once; the inbox worker does the rest (inbox.service.ts, uber-eats.service.ts).
 */
const uberEatsWebhookRoute = defineRoute(uberEatsWebhookCall, {
  rawBody: true,
  // "Your service should return an HTTP 200 response code with an empty response body to
  // acknowledge receipt of the webhook event"
  // (https://developer.uber.com/docs/eats/references/api/webhooks.orders-notification).
  emptyAnswer: true,
  verify: (ctx, { rawBody, headers }) =>
    marketplaces.verifyWebhook(ctx.app.config, 'uber_eats', rawBody, headers),
  handler: (ctx, { body, headers, rawBody }) =>
    inbox.receiveEvent(ctx.app, {
      channel: 'uber_eats',
      eventId: body.event_id,
      eventType: body.event_type,
      resourceId: body.meta.resource_id ?? null,
      headers: Object.fromEntries(
        Object.entries(headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      ),
      body: rawBody!.toString('utf8'),
    }),
});

/**
 * DoorDash's webhook (Orders and Order Canceled): the bearer token checked before the body is
 * read (a large one off the event loop), the body written raw to the inbox and answered at once; the worker stores and confirms
 * (doordash.service.ts).
 */
const doordashWebhookRoute = defineRoute(doordashWebhookCall, {
  rawBody: true,
  verify: (ctx, { headers }) => verifyDoordashWebhook(ctx.app, headers.authorization),
  readBody: webhookBody('doordash'),
  handler: (ctx, { body, rawBody }) => inbox.receiveEvent(ctx.app, doordashInboxEvent(body, rawBody!)),
});

/** The fortnight's payout reconciliation as CSV, named by the fortnight (payouts.service.ts). */
const reconciliationCsvRoute = defineRoute(marketplacePayoutCalls.marketplacePayoutReconciliationCsv, {
  download: { contentType: 'text/csv; charset=utf-8', filename: () => 'payout-reconciliation.csv' },
  handler: (ctx, { body }) => payouts.reconciliationFile(ctx.app, body),
});

export const marketplacesModule: Module = {
  // Menulog's webhook is retired (Menulog stopped trading in Australia on 26 Nov 2025).
  routes: [uberEatsWebhookRoute, deliverooWebhookRoute, doordashWebhookRoute, reconciliationCsvRoute],
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
    defineCall(marketplaceInboxCalls.marketplaceInbox, {
      handler: (ctx, input) => inbox.listInbox(ctx.app, input),
    }),
    defineCall(marketplaceInboxCalls.retryMarketplaceInbox, {
      handler: (ctx, input) => inbox.retryInboxEvent(ctx.app, input.id),
    }),
    defineCall(marketplacePayoutCalls.marketplacePayoutImport, {
      handler: (ctx, input) => payouts.importPayoutReport(ctx.app, input),
    }),
    defineCall(marketplacePayoutCalls.marketplacePayoutReconciliation, {
      handler: (ctx, input) => payouts.payoutReconciliation(ctx.app, input),
    }),
    defineCall(marketplacePayoutCalls.marketplacePayoutImportMissing, {
      handler: (ctx, input) => payouts.importMissingOrders(ctx.app, input),
    }),
  ],
};
