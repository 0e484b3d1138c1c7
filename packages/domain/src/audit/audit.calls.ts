import { z } from 'zod';
import { BACK_OFFICE, ENDPOINTS, queryCall, routeCall } from '../wire/calls.js';
import { auditFilters, auditLogRequest, auditLogResponse } from './audit.schemas.js';

/** The calls of the audit area (packages/domain/src/wire/calls.ts); reads only (docs/audit.md). */
export const auditCalls = {
  auditLog: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'admin_audit_log',
    summary:
      'The audit log: who changed what, when and from where, newest first, one page at a time; filters by who (email contains), action (exact or its beginning), location and dates (business time zone, inclusive). An operator always gets their own location only.',
    access: BACK_OFFICE,
    audit: false,
    input: auditLogRequest,
    response: auditLogResponse,
    // Every query_type of the spec's endpoints answers failures the old way unless the client
    // asks for statuses (the web app does): http/registry.test.ts.
    failures: 'spec',
  }),
  auditCsv: routeCall({
    method: 'POST',
    url: '/api/v1/admin-data/export/audit/',
    summary:
      'The audit log as CSV with the same filters as admin_audit_log and no paging (the newest 50 000 entries at most). An operator always gets their own location only.',
    tag: 'back office',
    access: BACK_OFFICE,
    audit: false,
    body: auditFilters,
    response: z.string(),
    failures: 'status',
  }),
};
