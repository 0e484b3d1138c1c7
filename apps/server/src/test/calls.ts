import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CARD_OK } from './payments.js';

/**
 * The calls tests make most, as a client makes them: a back-office call, a checkout's quote and a
 * paid checkout (the sandbox card that pays, a fresh Idempotency-Key).
 */
export function clientCalls(app: () => FastifyInstance) {
  return {
    adminData: (token: string, payload: Record<string, unknown>) =>
      app().inject({
        method: 'POST',
        url: '/api/v1/admin-data/',
        headers: { authorization: `Token ${token}` },
        payload,
      }),
    quote: (body: object) => app().inject({ method: 'POST', url: '/api/v1/orders/quote/', payload: body }),
    place: (customerToken: string, checkout: object) =>
      app().inject({
        method: 'POST',
        url: '/api/v1/orders/',
        headers: { authorization: `Token ${customerToken}`, 'idempotency-key': randomUUID() },
        payload: { checkout, payment: CARD_OK },
      }),
  };
}
