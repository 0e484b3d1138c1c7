import { ordersCalls } from '@kitchaco/domain';
import { defineCall, defineRoute, type Module } from '../../http/registry.js';
import { placeOrder } from './checkout.service.js';
import { quote } from './checkout-pricing.js';
import { listOwnOrders, streamOwnOrderEvents, updateOrderStatus } from './orders.service.js';

export const ordersModule: Module = {
  routes: [
    defineRoute(ordersCalls.quote, {
      handler: (ctx, { body }) => quote(ctx.app, body),
    }),
    defineRoute(ordersCalls.placeOrder, {
      handler: (ctx, { body, headers }) =>
        placeOrder(ctx.app, ctx.actor, headers['idempotency-key'], body, ctx.clientAddress),
    }),
    defineRoute(ordersCalls.listOrders, {
      handler: (ctx) => listOwnOrders(ctx.app, ctx.actor),
    }),
    defineRoute(ordersCalls.orderEvents, {
      handler: async () => '',
      stream: (ctx, events) => streamOwnOrderEvents(ctx.app, ctx.actor, events),
    }),
  ],
  calls: [
    defineCall(ordersCalls.updateOrderStatus, {
      handler: (ctx, input) => updateOrderStatus(ctx.app, ctx.actor, input.order_id, input.status),
    }),
  ],
};
