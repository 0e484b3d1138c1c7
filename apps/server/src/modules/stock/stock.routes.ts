import { stockCalls } from '@kitchaco/domain';
import { defineCall, defineRoute, type Module } from '../../http/registry.js';
import * as stock from './stock.service.js';
import * as usage from './stock-usage.service.js';

export const stockModule: Module = {
  routes: [
    defineRoute(stockCalls.stockList, {
      handler: (ctx, { body }) => stock.stockList(ctx.app, ctx.actor, body.kitchaco),
    }),
  ],
  calls: [
    defineCall(stockCalls.placeOrder, {
      handler: (ctx, input) => stock.placeStockOrder(ctx.app, ctx.actor, input),
    }),
    defineCall(stockCalls.getAll, {
      handler: (ctx, input) => stock.stockOrdersOfLocation(ctx.app, ctx.actor, input.kitchaco),
    }),
    defineCall(stockCalls.getUserSpecificOrder, {
      handler: (ctx, input) => stock.userSpecificOrder(ctx.app, ctx.actor, input.orderId),
    }),
    defineCall(stockCalls.userEditOrder, {
      handler: (ctx, input) => stock.editStockOrder(ctx.app, ctx.actor, input),
    }),
    defineCall(stockCalls.getAdminPending, {
      handler: (ctx) => stock.adminPendingOrders(ctx.app),
    }),
    defineCall(stockCalls.getAdminSpecificPending, {
      handler: (ctx, input) => stock.adminSpecificOrder(ctx.app, input.orderId),
    }),
    defineCall(stockCalls.adminApproveOrder, {
      handler: (ctx, input) => stock.approveStockOrder(ctx.app, ctx.actor, input),
    }),
    defineCall(stockCalls.adminDisapproveOrder, {
      handler: (ctx, input) => stock.disapproveStockOrder(ctx.app, ctx.actor, input.orderId, input.reason),
    }),
    defineCall(stockCalls.getAdminApprovedDisapproved, {
      handler: (ctx, input) => stock.approvedDisapprovedOrders(ctx.app, input),
    }),
    defineCall(stockCalls.getAdminStockList, {
      handler: (ctx, input) => stock.adminStockList(ctx.app, input.kitchaco_location),
    }),
    defineCall(stockCalls.updateAdminStockList, {
      handler: (ctx, input) => stock.updateAdminStockList(ctx.app, input),
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
