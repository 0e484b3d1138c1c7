import type { DbOrTx } from '../../db/client.js';
import { changedFields as auditDiff, recordAudit } from '../audit/audit.record.js';
import * as q from './menus.queries.js';
import { mealValues } from './menus.rules.js';

/** A meal as the audit log keeps it: its fields, combos, sub-items and pending changes. */
export async function mealRecord(db: DbOrTx, mealId: number) {
  const found = await q.findMeal(db, mealId);
  if (!found) return null;
  const [{ combos, subitems }, pending] = await Promise.all([
    q.extrasOf(db, [mealId]),
    q.pendingChangesOf(db, [mealId]),
  ]);
  return {
    locationId: found.locationId,
    values: {
      ...mealValues(found.meal),
      combos: combos.map((c) => ({ id: c.id, name: c.name, price: c.price, status: c.status })),
      subitems: subitems.map((x) => ({ id: x.id, name: x.name, status: x.status })),
      pending_changes: pending.map(({ change: c }) => ({ kind: c.kind, id: c.targetId, after: c.after })),
    },
  };
}

/** Records what one menu write did to a meal, read before and after it in its transaction. */
export async function auditMeal(
  tx: DbOrTx,
  mealId: number,
  before: Awaited<ReturnType<typeof mealRecord>>,
  summary: (name: string) => string,
  action?: string,
) {
  const after = await mealRecord(tx, mealId);
  const name = after?.values.name ?? before?.values.name ?? `#${mealId}`;
  const diff =
    before && after
      ? auditDiff(before.values, after.values)
      : { before: before?.values ?? null, after: after?.values ?? null };
  await recordAudit(tx, {
    entityId: mealId,
    locationId: (after ?? before)?.locationId ?? null,
    summary: summary(name),
    ...diff,
    ...(action ? { action } : {}),
  });
}
