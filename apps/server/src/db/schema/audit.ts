import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit log: one row per staff write, written in the same transaction as the change
 * (modules/audit/audit.service.ts). Append-only at the database level: a trigger refuses every
 * UPDATE, DELETE and TRUNCATE (migration 0014). docs/audit.md.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff account that made the change (no foreign key: the log outlives accounts). */
    actorId: integer('actor_id'),
    actorEmail: text('actor_email').notNull(),
    actorRole: text('actor_role').notNull(),
    /** The client's address as the server saw it (behind a trusted proxy, the forwarded one). */
    address: text('address').notNull(),
    /** What was done, e.g. `order.status` (the call's declared audit action). */
    action: text('action').notNull(),
    /** The call that made it: its query_type or `METHOD /path`. */
    call: text('call').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** The location the change concerns (an operator reads their location's entries); null = none. */
    locationId: integer('location_id'),
    /** One line a person reads: "Order 1042: Cooking → Ready for pickup". */
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_location_at_idx').on(t.locationId, t.at),
    index('audit_log_actor_at_idx').on(t.actorId, t.at),
    index('audit_log_action_at_idx').on(t.action, t.at),
  ],
);
