import {
  type AuditFilters,
  type AuditLogRequest,
  type AuditLogResponse,
  addDays,
  DEFAULT_AUDIT_PAGE_SIZE,
  DEFAULT_TIME_ZONE,
  MAX_AUDIT_CSV_ROWS,
  parseWireDate,
  zonedInstant,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../http/actor.js';
import { forbidden } from '../../http/errors.js';
import { auditCsv, presentEntry } from './audit.presenter.js';
import * as q from './audit.queries.js';

/**
 * The audit log's reads (docs/audit.md). A super admin reads every entry, or one location's; an
 * operator only their own location's, whatever the request names, and never an entry of no
 * location (a brand, a stock item, another account).
 */
function locationOf(actor: Actor, requested: number | undefined): number | null {
  if (actor.kind !== 'staff') throw forbidden('Staff only.');
  if (actor.user.roles.has('super_admin')) return requested && requested > 0 ? requested : null;
  if (!actor.user.roles.has('operator'))
    throw forbidden('Only super admins and operators read the audit log.');
  const own = actor.user.locationId;
  if (own === null) throw forbidden('Your account is not linked to a location.');
  return own;
}

/** The filters as a query: calendar days of the business time zone, both ends inclusive. */
function queryOf(actor: Actor, filters: AuditFilters): q.AuditQuery {
  const from = filters.start_date ? parseWireDate(filters.start_date) : null;
  const to = filters.end_date ? parseWireDate(filters.end_date) : null;
  return {
    locationId: locationOf(actor, filters.kitchaco_location),
    ...(filters.actor ? { actor: filters.actor } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(from ? { from: zonedInstant(from, DEFAULT_TIME_ZONE) } : {}),
    ...(to ? { to: zonedInstant(addDays(to, 1), DEFAULT_TIME_ZONE) } : {}),
  };
}

export async function auditLog(
  app: AppContext,
  actor: Actor,
  input: AuditLogRequest,
): Promise<AuditLogResponse> {
  const query = queryOf(actor, input);
  const page = input.page ?? 1;
  const pageSize = input.page_size ?? DEFAULT_AUDIT_PAGE_SIZE;
  const [rows, total, actions] = await Promise.all([
    q.findEntries(app.db, query, { limit: pageSize, offset: (page - 1) * pageSize }),
    q.countEntries(app.db, query),
    q.distinctActions(app.db, query.locationId),
  ]);
  return { success: true, entries: rows.map(presentEntry), total, page, page_size: pageSize, actions };
}

/** Every entry of the filters as CSV (the newest MAX_AUDIT_CSV_ROWS at most). */
export async function auditLogCsv(app: AppContext, actor: Actor, filters: AuditFilters): Promise<string> {
  const rows = await q.findEntries(app.db, queryOf(actor, filters), { limit: MAX_AUDIT_CSV_ROWS, offset: 0 });
  return auditCsv(rows);
}
