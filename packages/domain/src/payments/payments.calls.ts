import { z } from 'zod';
import { PUBLIC, routeCall, SUPER_ADMIN } from '../wire/calls.js';
import {
  orderPaymentParams,
  orderPaymentResponse,
  paymentsConfig,
  paymentsConfigQuery,
  reconciliationResponse,
  reconciliationRun,
  refundRequest,
  refundResponse,
  resolveFlagParams,
  resolveFlagRequest,
  squareWebhookEvent,
  squareWebhookHeaders,
  squareWebhookResponse,
} from './payments.schemas.js';

/** The calls of the payments area (packages/domain/src/wire/calls.ts; docs/payments.md). */
export const paymentsCalls = {
  paymentsConfig: routeCall({
    method: 'GET',
    url: '/api/v1/payments/config/',
    summary:
      "What the checkout page loads the card form with: the provider (test or square), Square's application and location ids, the SDK's address, and whether money moves.",
    tag: 'payments',
    access: PUBLIC,
    query: paymentsConfigQuery,
    response: paymentsConfig,
    failures: 'status',
  }),
  orderPayment: routeCall({
    method: 'GET',
    url: '/api/v1/payments/orders/:id/',
    summary: "An order's card payment as the provider reported it, with its refunds (order details).",
    tag: 'payments',
    access: SUPER_ADMIN,
    params: orderPaymentParams,
    response: orderPaymentResponse,
    failures: 'status',
    statuses: [404],
  }),
  refundOrder: routeCall({
    method: 'POST',
    url: '/api/v1/payments/refunds/',
    summary:
      "Refunds part of a paid order through the card provider (an item missing), with a reason; counted against the day's sales in every report. At most what is left of the payment.",
    tag: 'payments',
    access: SUPER_ADMIN,
    body: refundRequest,
    response: refundResponse,
    failures: 'status',
    statuses: [404, 409, 422, 503],
  }),
  reconciliation: routeCall({
    method: 'GET',
    url: '/api/v1/payments/reconciliation/',
    summary:
      "The last reconciliation of the provider's payments with our orders, and the payments left for a super admin to look at.",
    tag: 'payments',
    access: SUPER_ADMIN,
    response: reconciliationResponse,
    failures: 'status',
  }),
  runReconciliation: routeCall({
    method: 'POST',
    url: '/api/v1/payments/reconciliation/',
    summary:
      'Runs reconciliation now (it also runs by itself every few minutes); 409 while another instance runs it.',
    tag: 'payments',
    access: SUPER_ADMIN,
    response: z.object({ success: z.literal(true), run: reconciliationRun }),
    failures: 'status',
    statuses: [409, 503],
  }),
  resolveFlag: routeCall({
    method: 'POST',
    url: '/api/v1/payments/flags/:id/resolve/',
    summary: 'Closes a flagged payment with what was done about it.',
    tag: 'payments',
    access: SUPER_ADMIN,
    params: resolveFlagParams,
    body: resolveFlagRequest,
    response: z.object({ success: z.literal(true) }),
    failures: 'status',
    statuses: [404],
  }),
  squareWebhook: routeCall({
    method: 'POST',
    url: '/api/v1/square/webhook/',
    summary:
      "Square's notifications (device.code.paired, payment.updated, refund.updated), signed with x-square-hmacsha256-signature: base64 HMAC-SHA256 of the notification URL followed by the raw body. A duplicate delivery answers duplicate: true and changes nothing; 401 on a bad signature, 503 when the key is not configured.",
    tag: 'payments',
    access: PUBLIC,
    headers: squareWebhookHeaders,
    body: squareWebhookEvent,
    response: squareWebhookResponse,
    failures: 'status',
    statuses: [401, 503],
  }),
};
