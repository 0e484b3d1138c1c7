import { z } from 'zod';
import { CUSTOMER, ENDPOINTS, PUBLIC, queryCall, routeCall, staff } from '../wire/calls.js';
import {
  checkoutRequest,
  customerOrderList,
  placeOrderRequest,
  placeOrderResponse,
  quoteResponse,
  updateOrderStatusRequest,
  updateOrderStatusResponse,
} from './checkout.schemas.js';

const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string({ error: 'the Idempotency-Key header is required' })
    .trim()
    .min(8, 'Idempotency-Key must be 8 to 200 characters')
    .max(200, 'Idempotency-Key must be 8 to 200 characters'),
});

/** The calls of the orders area (packages/domain/src/wire/calls.ts). */
export const ordersCalls = {
  updateOrderStatus: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'update_order_status',
    summary:
      "Changes a customer order's status; the customer is texted and live screens update. Canceling a paid order refunds its card payment through the provider (or voids it while only authorised); the answer says how much.",
    access: staff('super_admin', 'operator', 'kitchen'),
    audit: { action: 'order.status', entity: 'order' },
    input: updateOrderStatusRequest,
    response: updateOrderStatusResponse,
    failures: 'spec',
    statuses: [404],
  }),
  quote: routeCall({
    method: 'POST',
    url: '/api/v1/orders/quote/',
    summary:
      "Prices a cart with the server's prices: lines, delivery, promo, total, GST, card charge estimate.",
    tag: 'orders',
    access: PUBLIC,
    body: checkoutRequest,
    response: quoteResponse,
    failures: 'status',
  }),
  placeOrder: routeCall({
    method: 'POST',
    url: '/api/v1/orders/',
    summary:
      'Pays and places an order. Requires an Idempotency-Key header: a retry with the same key and body returns the first answer and never charges twice; the same key with another body is a 422.',
    tag: 'orders',
    access: CUSTOMER,
    body: placeOrderRequest,
    headers: idempotencyHeaders,
    response: placeOrderResponse,
    failures: 'status',
    statuses: [402, 409, 422],
  }),
  listOrders: routeCall({
    method: 'GET',
    url: '/api/v1/orders/',
    summary: "The signed-in customer's orders, newest first.",
    tag: 'orders',
    access: CUSTOMER,
    response: customerOrderList,
    failures: 'spec',
  }),
  orderEvents: routeCall({
    method: 'GET',
    url: '/api/v1/orders/events/',
    summary:
      "Server-sent events (`event: status`, data `{ order_id, status, at }`) for the signed-in customer's orders; `: ping` every 15 s.",
    tag: 'orders',
    access: CUSTOMER,
    response: z.string(),
    failures: 'status',
  }),
};
