import { auditCalls, parseWireDate } from '@kitchaco/domain';
import { defineCall, defineRoute, type Module } from '../../http/registry.js';
import { auditLog, auditLogCsv } from './audit.service.js';

/** `audit-log-2026-09-01-2026-09-07.csv`, or without the dates not chosen. */
function csvName(body: { start_date?: string | undefined; end_date?: string | undefined }): string {
  const days = [body.start_date, body.end_date].map((d) => (d ? parseWireDate(d) : null)).filter(Boolean);
  return `${['audit-log', ...days].join('-')}.csv`;
}

/** The audit log's reads; its entries are written by each staff write (audit.record.ts). */
export const auditModule: Module = {
  routes: [
    defineRoute(auditCalls.auditCsv, {
      download: { contentType: 'text/csv; charset=utf-8', filename: ({ body }) => csvName(body) },
      handler: (ctx, { body }) => auditLogCsv(ctx.app, ctx.actor, body),
    }),
  ],
  calls: [
    defineCall(auditCalls.auditLog, {
      handler: (ctx, input) => auditLog(ctx.app, ctx.actor, input),
    }),
  ],
};
