import { type AuditEntry, type CsvColumn, formatAuditTime, toCsv } from '@kitchaco/domain';
import type { AuditRow } from './audit.queries.js';

/** An audit row as the wire has it. */
export function presentEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor_email: row.actorEmail,
    actor_role: row.actorRole,
    address: row.address,
    action: row.action,
    call: row.call,
    entity: row.entity,
    entity_id: row.entityId,
    location_id: row.locationId,
    location_name: row.locationName,
    summary: row.summary,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

const COLUMNS: CsvColumn<AuditRow>[] = [
  { header: 'Time', value: (r) => formatAuditTime(r.at) },
  { header: 'Who', value: (r) => r.actorEmail },
  { header: 'Role', value: (r) => r.actorRole },
  { header: 'Address', value: (r) => r.address },
  { header: 'Action', value: (r) => r.action },
  { header: 'What', value: (r) => r.summary },
  { header: 'Entity', value: (r) => r.entity },
  { header: 'Entity id', value: (r) => r.entityId },
  { header: 'Location', value: (r) => r.locationName },
  { header: 'Before', value: (r) => json(r.before) },
  { header: 'After', value: (r) => json(r.after) },
];

/** The audit log as CSV, one row per entry, newest first; every cell safe from formulas (csv.ts). */
export function auditCsv(rows: readonly AuditRow[]): string {
  return toCsv(COLUMNS, rows);
}
