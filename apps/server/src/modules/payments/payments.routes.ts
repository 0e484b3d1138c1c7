import { paymentsCalls } from '@kitchaco/domain';
import { defineRoute, type Module } from '../../http/registry.js';
import { orderPayment, paymentsConfigView, refundOrder, resolvePaymentFlag } from './payments.service.js';
import { reconciliationView, runReconciliationNow } from './reconciliation.js';
import { receiveSquareEvent, verifySquareWebhook } from './square-webhook.js';

export const paymentsModule: Module = {
  routes: [
    defineRoute(paymentsCalls.paymentsConfig, {
      handler: (ctx, { query }) => paymentsConfigView(ctx.app, query.kitchaco),
    }),
    defineRoute(paymentsCalls.orderPayment, {
      handler: (ctx, { params }) => orderPayment(ctx.app, params.id),
    }),
    defineRoute(paymentsCalls.refundOrder, {
      handler: (ctx, { body }) => refundOrder(ctx.app, ctx.actor, body),
    }),
    defineRoute(paymentsCalls.reconciliation, {
      handler: (ctx) => reconciliationView(ctx.app),
    }),
    defineRoute(paymentsCalls.runReconciliation, {
      handler: (ctx) => runReconciliationNow(ctx.app),
    }),
    defineRoute(paymentsCalls.resolveFlag, {
      handler: (ctx, { params, body }) => resolvePaymentFlag(ctx.app, ctx.actor, params.id, body.resolution),
    }),
    defineRoute(paymentsCalls.squareWebhook, {
      rawBody: true,
      verify: (ctx, { rawBody, headers }) => verifySquareWebhook(ctx.app.config, rawBody, headers),
      handler: (ctx, { body }) => receiveSquareEvent(ctx.app, body),
    }),
  ],
};
