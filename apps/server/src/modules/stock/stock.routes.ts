import { stockCalls } from '@kitchaco/domain';
import { defineCall, defineRoute, type Module } from '../../http/registry.js';
import * as list from './stock-list.service.js';
import * as ordering from './stock-ordering.service.js';
import * as review from './stock-review.service.js';
import * as usage from './stock-usage.service.js';

export const stockModule: Module = {
  routes: [
    defineRoute(stockCalls.stockList, {
      handler: (ctx, { body }) => list.stockList(ctx.app, ctx.actor, body.kitchaco),
    }),
  ],
  calls: [
    defineCall(stockCalls.placeOrder, {
      handler: (ctx, input) => ordering.placeStockOrder(ctx.app, ctx.actor, input),
    }),
    defineCall(stockCalls.getAll, {
      handler: (ctx, input) => ordering.stockOrdersOfLocation(ctx.app, ctx.actor, input.kitchaco),
    }),
    defineCall(stockCalls.getUserSpecificOrder, {
      handler: (ctx, input) => ordering.userSpecificOrder(ctx.app, ctx.actor, input.orderId),
    }),
    defineCall(stockCalls.userEditOrder, {
      handler: (ctx, input) => ordering.editStockOrder(ctx.app, ctx.actor, input),
    }),
    defineCall(stockCalls.getAdminPending, {
      handler: (ctx) => review.adminPendingOrders(ctx.app),
    }),
    defineCall(stockCalls.getAdminSpecificPending, {
      handler: (ctx, input) => review.adminSpecificOrder(ctx.app, input.orderId),
    }),
    defineCall(stockCalls.adminApproveOrder, {
      handler: (ctx, input) => review.approveStockOrder(ctx.app, ctx.actor, input),
    }),
    defineCall(stockCalls.adminDisapproveOrder, {
      handler: (ctx, input) => review.disapproveStockOrder(ctx.app, ctx.actor, input.orderId, input.reason),
    }),
    defineCall(stockCalls.getAdminApprovedDisapproved, {
      handler: (ctx, input) => review.approvedDisapprovedOrders(ctx.app, input),
    }),
    defineCall(stockCalls.getAdminStockList, {
      handler: (ctx, input) => list.adminStockList(ctx.app, input.kitchaco_location),
    }),
    defineCall(stockCalls.updateAdminStockList, {
      handler: (ctx, input) => list.updateAdminStockList(ctx.app, input),
    }),
    defineCall(stockCalls.stockUsageReport, {
      handler: (ctx, input) => usage.stockUsageReport(ctx.app, input),
    }),
    defineCall(stockCalls.stockBundles, {
      handler: (ctx, input) => usage.stockBundlesOfLocation(ctx.app, input.kitchaco_location),
    }),
    defineCall(stockCalls.addStockBundle, {
      handler: (ctx, input) => usage.addStockBundle(ctx.app, input),
    }),
    defineCall(stockCalls.updateStockBundle, {
      handler: (ctx, input) => usage.updateStockBundle(ctx.app, input),
    }),
    defineCall(stockCalls.deleteStockBundle, {
      handler: (ctx, input) => usage.deleteStockBundle(ctx.app, input.stock_bundle_id),
    }),
  ],
};
