import {
  checkoutRequest,
  customerOrderList,
  placeOrderRequest,
  placeOrderResponse,
  quoteResponse,
  updateOrderStatusRequest,
} from '@kitchaco/domain';
import { z } from 'zod';
import { CUSTOMER, PUBLIC, staff } from '../../http/actor.js';
import { defineCall, defineRoute, type Module } from '../../http/registry.js';
import { ADMIN_DATA } from '../auth/auth.routes.js';
import { placeOrder, quote } from './checkout.service.js';
import { listOwnOrders, streamOwnOrderEvents, updateOrderStatus } from './orders.service.js';

const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string({ error: 'the Idempotency-Key header is required' })
    .trim()
    .min(8, 'Idempotency-Key must be 8 to 200 characters')
    .max(200, 'Idempotency-Key must be 8 to 200 characters'),
});

export const ordersModule: Module = {
  routes: [
    defineRoute({
      method: 'POST',
      url: '/api/v1/orders/quote/',
      summary:
        "Prices a cart with the server's prices: lines, delivery, promo, total, GST, card charge estimate.",
      tag: 'orders',
      access: PUBLIC,
      body: checkoutRequest,
      response: quoteResponse,
      handler: (ctx, { body }) => quote(ctx.app, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/v1/orders/',
      summary:
        'Pays and places an order. Requires an Idempotency-Key header: a retry with the same key and body returns the first answer and never charges twice; the same key with another body is a 422.',
      tag: 'orders',
      access: CUSTOMER,
      headers: idempotencyHeaders,
      body: placeOrderRequest,
      response: placeOrderResponse,
      handler: (ctx, { body, headers }) =>
        placeOrder(ctx.app, ctx.actor, headers['idempotency-key'], body, ctx.clientAddress),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/v1/orders/',
      summary: "The signed-in customer's orders, newest first.",
      tag: 'orders',
      access: CUSTOMER,
      response: customerOrderList,
      handler: (ctx) => listOwnOrders(ctx.app, ctx.actor),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/v1/orders/events/',
      summary:
        "Server-sent events (`event: status`, data `{ order_id, status, at }`) for the signed-in customer's orders; `: ping` every 15 s.",
      tag: 'orders',
      access: CUSTOMER,
      response: z.string(),
      handler: async () => '',
      stream: (ctx, events) => streamOwnOrderEvents(ctx.app, ctx.actor, events),
    }),
  ],
  calls: [
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'update_order_status',
      summary: "Changes a customer order's status; the customer is texted and live screens update.",
      access: staff('super_admin'),
      input: updateOrderStatusRequest,
      response: z.object({ success: z.literal(true), result: z.string() }),
      handler: (ctx, input) => updateOrderStatus(ctx.app, ctx.actor, input.order_id, input.status),
    }),
  ],
};
