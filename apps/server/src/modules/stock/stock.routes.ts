import {
  addStockBundleRequest,
  adminStockListRequest,
  adminStockListResponse,
  approvedDisapprovedRequest,
  approvedDisapprovedResponse,
  approveStockOrderRequest,
  deleteStockBundleRequest,
  disapproveStockOrderRequest,
  editStockOrderRequest,
  placeStockOrderRequest,
  stockBundlesRequest,
  stockBundlesResponse,
  stockListRequest,
  stockListResponse,
  stockOrderDoneResponse,
  stockOrderIdRequest,
  stockOrderListResponse,
  stockOrdersOfLocationRequest,
  stockSuccessResponse,
  stockUsageRequest,
  stockUsageResponse,
  updateStockBundleRequest,
  updateStockListRequest,
  updateStockListResponse,
} from '@kitchaco/domain';
import { z } from 'zod';
import { staff } from '../../http/actor.js';
import { defineCall, defineRoute, type Module } from '../../http/registry.js';
import { ADMIN_DATA } from '../auth/auth.routes.js';
import * as stock from './stock.service.js';
import * as usage from './stock-usage.service.js';

export const STOCK_LIST = '/api/v1/stock-list/';
export const STOCK_ORDER_LIST = '/api/v1/stock-order-list/';

/** Who orders stock for a location: its stock users and its operator (own location only). */
const LOCATION_STAFF = staff('stock_user', 'operator');
/** Who reviews stock: stock admins, and super admins, who have every stock admin power. */
const STOCK_ADMINS = staff('stock_admin', 'super_admin');

export const stockModule: Module = {
  routes: [
    defineRoute({
      method: 'POST',
      url: STOCK_LIST,
      summary:
        "The location's enabled stock items with par, price, GST flag and recommended quantity, and its upcoming expiry reminders.",
      tag: 'stock',
      access: LOCATION_STAFF,
      body: stockListRequest,
      response: stockListResponse,
      handler: (ctx, { body }) => stock.stockList(ctx.app, ctx.actor, body.kitchaco),
    }),
  ],
  calls: [
    defineCall({
      endpoint: STOCK_ORDER_LIST,
      queryType: 'place_order',
      summary: 'Places a stock order; below the minimum answers error_code 1 until the fee is accepted.',
      access: LOCATION_STAFF,
      input: placeStockOrderRequest,
      response: stockOrderDoneResponse,
      handler: (ctx, input) => stock.placeStockOrder(ctx.app, ctx.actor, input),
    }),
    defineCall({
      endpoint: STOCK_ORDER_LIST,
      queryType: 'get_all',
      summary: "The location's stock orders, newest first, with whether each can be edited now.",
      access: LOCATION_STAFF,
      input: stockOrdersOfLocationRequest,
      response: stockOrderListResponse,
      handler: (ctx, input) => stock.stockOrdersOfLocation(ctx.app, ctx.actor, input.kitchaco),
    }),
    defineCall({
      endpoint: STOCK_ORDER_LIST,
      queryType: 'get_user_specific_order',
      summary: 'One stock order of your own location (data is an array holding it).',
      access: LOCATION_STAFF,
      input: stockOrderIdRequest,
      response: stockOrderListResponse,
      handler: (ctx, input) => stock.userSpecificOrder(ctx.app, ctx.actor, input.orderId),
    }),
    defineCall({
      endpoint: STOCK_ORDER_LIST,
      queryType: 'user_edit_order',
      summary: 'Changes a pending stock order, except on a delivery day of the location.',
      access: LOCATION_STAFF,
      input: editStockOrderRequest,
      response: stockOrderDoneResponse,
      handler: (ctx, input) => stock.editStockOrder(ctx.app, ctx.actor, input),
    }),
    defineCall({
      endpoint: STOCK_ORDER_LIST,
      queryType: 'get_admin_pending',
      summary: 'Pending stock orders of every location, oldest first.',
      access: STOCK_ADMINS,
      input: z.object({}),
      response: stockOrderListResponse,
      handler: (ctx) => stock.adminPendingOrders(ctx.app),
    }),
    defineCall({
      endpoint: STOCK_ORDER_LIST,
      queryType: 'get_admin_specific_pending',
      summary: 'One stock order for review (data is an array holding it).',
      access: STOCK_ADMINS,
      input: stockOrderIdRequest,
      response: stockOrderListResponse,
      handler: (ctx, input) => stock.adminSpecificOrder(ctx.app, input.orderId),
    }),
    defineCall({
      endpoint: STOCK_ORDER_LIST,
      queryType: 'admin_approve_order',
      summary:
        'Approves a pending order with the approved quantities, expiry adjustments and fee decision; exactly once.',
      access: STOCK_ADMINS,
      input: approveStockOrderRequest,
      response: stockOrderDoneResponse,
      handler: (ctx, input) => stock.approveStockOrder(ctx.app, ctx.actor, input),
    }),
    defineCall({
      endpoint: STOCK_ORDER_LIST,
      queryType: 'admin_disapprove_order',
      summary: 'Disapproves a pending order with an optional reason; cannot be undone.',
      access: STOCK_ADMINS,
      input: disapproveStockOrderRequest,
      response: stockOrderDoneResponse,
      handler: (ctx, input) => stock.disapproveStockOrder(ctx.app, ctx.actor, input.orderId, input.reason),
    }),
    defineCall({
      endpoint: STOCK_ORDER_LIST,
      queryType: 'get_admin_approved_disapproved',
      summary: 'Approved and disapproved orders decided in a date range, with totals of the approved ones.',
      access: STOCK_ADMINS,
      input: approvedDisapprovedRequest,
      response: approvedDisapprovedResponse,
      handler: (ctx, input) => stock.approvedDisapprovedOrders(ctx.app, input),
    }),
    defineCall({
      endpoint: STOCK_ORDER_LIST,
      queryType: 'get_admin_stock_list',
      summary: 'Every stock item (enabled and disabled) of one location (0 = all), with the units.',
      access: STOCK_ADMINS,
      input: adminStockListRequest,
      response: adminStockListResponse,
      handler: (ctx, input) => stock.adminStockList(ctx.app, input.kitchaco_location),
    }),
    defineCall({
      endpoint: STOCK_ORDER_LIST,
      queryType: 'update_admin_stock_list',
      summary: 'Updates stock items, optionally at every location with the same item; one transaction.',
      access: STOCK_ADMINS,
      input: updateStockListRequest,
      response: updateStockListResponse,
      handler: (ctx, input) => stock.updateAdminStockList(ctx.app, input),
    }),
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'stock_usage_report',
      summary:
        'Meals sold at a location in a date range on every channel, times their bundles, as stock per item.',
      access: STOCK_ADMINS,
      input: stockUsageRequest,
      response: stockUsageResponse,
      handler: (ctx, input) => usage.stockUsageReport(ctx.app, input),
    }),
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'stock_bundles',
      summary: "A location's meals with their stock bundles, and the stock items a bundle may use.",
      access: STOCK_ADMINS,
      input: stockBundlesRequest,
      response: stockBundlesResponse,
      handler: (ctx, input) => usage.stockBundlesOfLocation(ctx.app, input.kitchaco_location),
    }),
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'add_stock_bundle',
      summary: "Adds a stock item to a meal's bundle (super admin).",
      access: staff('super_admin'),
      input: addStockBundleRequest,
      response: stockSuccessResponse,
      handler: (ctx, input) => usage.addStockBundle(ctx.app, input),
    }),
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'update_stock_bundle',
      summary: 'Changes the item or quantity of a bundle line (super admin).',
      access: staff('super_admin'),
      input: updateStockBundleRequest,
      response: stockSuccessResponse,
      handler: (ctx, input) => usage.updateStockBundle(ctx.app, input),
    }),
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'delete_stock_bundle',
      summary: 'Removes a bundle line (super admin).',
      access: staff('super_admin'),
      input: deleteStockBundleRequest,
      response: stockSuccessResponse,
      handler: (ctx, input) => usage.deleteStockBundle(ctx.app, input.stock_bundle_id),
    }),
  ],
};
