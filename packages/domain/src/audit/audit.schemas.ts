import { z } from 'zod';
import { parseWireDate } from '../dates/business-time.js';
import { wireDate } from '../stock/stock.schemas.js';
import { locationChoice, wholeNumber } from '../wire/wire.js';

/**
 * Wire contracts of the audit log's reads (docs/audit.md): the back office's list of who changed
 * what, and its CSV. The entries themselves are written by the server with each staff write.
 */

const count = z.number().int();

/** Entries per page of the audit log unless the request says otherwise. */
export const DEFAULT_AUDIT_PAGE_SIZE = 50;
export const MAX_AUDIT_PAGE_SIZE = 200;
/** The CSV holds at most this many entries (the newest of the filters). */
export const MAX_AUDIT_CSV_ROWS = 50_000;

function rangeOk(o: { start_date?: string; end_date?: string }): boolean {
  if (!o.start_date || !o.end_date) return true;
  const from = parseWireDate(o.start_date);
  const to = parseWireDate(o.end_date);
  return from === null || to === null || from <= to;
}

/** The filters of the list and of the CSV; every one optional. */
const filterFields = z.object({
  /** Who made the change: part of their email (contains, case-insensitive). */
  actor: z.string().trim().max(200).optional(),
  /** What was done: an action exactly (`order.status`), or its beginning (`stock`). */
  action: z.string().trim().max(100).optional(),
  /**
   * 0, -1 or absent = every location (super admin; entries of no location included). An operator
   * always gets their own location's entries, whatever is sent.
   */
  kitchaco_location: locationChoice(-1).optional(),
  /** Calendar days ('07 Sep 2026') in the business time zone, both inclusive; either may be left out. */
  start_date: wireDate.optional(),
  end_date: wireDate.optional(),
});
const rangeCheck = { message: 'end_date must be on or after start_date', path: ['end_date'] };

/** The CSV's body: the list's filters without paging. */
export const auditFilters = filterFields.refine(rangeOk, rangeCheck);
export type AuditFilters = z.infer<typeof auditFilters>;

export const auditLogRequest = filterFields
  .extend({
    /** 1-based (default 1). */
    page: wholeNumber(1).optional(),
    /** Entries per page (default 50, at most 200). */
    page_size: wholeNumber(1, MAX_AUDIT_PAGE_SIZE).optional(),
  })
  .refine(rangeOk, rangeCheck);
export type AuditLogRequest = z.infer<typeof auditLogRequest>;

/** A value recorded before or after a change: JSON as the server stored it (usually an object). */
const recorded = z.unknown();

export const auditEntry = z.object({
  id: count,
  /** When the change was made (ISO 8601, UTC). */
  at: z.string(),
  actor_email: z.string(),
  /** The role the change was made as (super_admin, operator, ...). */
  actor_role: z.string(),
  /** The client's address as the server saw it. */
  address: z.string(),
  /** What was done, e.g. `order.status`, `stock_order.approve`, `menu.update`. */
  action: z.string(),
  /** The call that made it: its query_type or `METHOD /path`. */
  call: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  location_id: count.nullable(),
  /** The location's name, null for entries of no location (or a location since removed). */
  location_name: z.string().nullable(),
  /** One line a person reads: "Order 1042: Cooking → Ready for pickup". */
  summary: z.string(),
  before: recorded,
  after: recorded,
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditLogResponse = z.object({
  success: z.literal(true),
  /** Newest first. */
  entries: z.array(auditEntry),
  /** Entries matching the filters (all pages). */
  total: count,
  page: count,
  page_size: count,
  /** Every action recorded where the caller may look (for the action filter), sorted. */
  actions: z.array(z.string()),
});
export type AuditLogResponse = z.infer<typeof auditLogResponse>;
