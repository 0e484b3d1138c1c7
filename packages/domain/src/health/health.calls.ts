import { z } from 'zod';
import { ENDPOINTS, queryCall, SUPER_ADMIN } from '../wire/calls.js';
import { adminHealthResponse } from './health.schemas.js';

/** The calls of the health area (packages/domain/src/wire/calls.ts). */
export const healthCalls = {
  adminHealth: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'admin_health',
    summary:
      "The platform's health for super admins: a headline per area (ok, attention, failing), the outbox by channel with its last error, the marketplace inbox by platform, the last payment reconciliation and open flags, each provider's last success and last error, and the kitchen displays open per location on every instance.",
    access: SUPER_ADMIN,
    audit: false,
    input: z.object({}),
    response: adminHealthResponse,
    failures: 'spec',
  }),
};
