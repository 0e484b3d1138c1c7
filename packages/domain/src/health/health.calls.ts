import { z } from 'zod';
import { ENDPOINTS, queryCall, SUPER_ADMIN } from '../wire/calls.js';
import { adminHealthResponse, adminProviderCheckResponse } from './health.schemas.js';

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
  adminProviderCheck: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'admin_provider_check',
    summary:
      "The go-live check for super admins (the same as `npm run providers:check`): harmless read calls to each configured provider with this server's settings (Square's locations, an Uber Eats token and each mapped store, DoorDash's mapped stores, the Twilio account and sender, an SMTP login, Facebook's app token), one line each: ready, not configured, or the problem in words an operator can act on.",
    access: SUPER_ADMIN,
    audit: false,
    input: z.object({}),
    response: adminProviderCheckResponse,
    failures: 'spec',
  }),
};
