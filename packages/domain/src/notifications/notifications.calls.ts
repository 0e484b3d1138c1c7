import { z } from 'zod';
import { routeCall } from '../wire/calls.js';
import { outboxListResponse } from './outbox.schemas.js';

/** The calls of the notifications area (packages/domain/src/wire/calls.ts). */
export const notificationsCalls = {
  devOutbox: routeCall({
    method: 'GET',
    url: '/api/dev/outbox',
    summary: 'Demo mode only: the newest outbox messages, so a person can read an SMS code.',
    tag: 'dev',
    access: { kind: 'demo' },
    query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
    response: outboxListResponse,
    failures: 'status',
  }),
};
