import { describe, expect, it } from 'vitest';
import { DELIVEROO_STATUSES, deliverooSyncDue, deliverooSyncStatus } from './deliveroo.js';

/** Deliveroo's sync status as https://api-docs.deliveroo.com/reference/create-sync-status-1 describes it. */
describe('Deliveroo sync status', () => {
  it('is due once the order is accepted (accepted, or confirmed after it), never before', () => {
    expect(DELIVEROO_STATUSES.filter(deliverooSyncDue)).toEqual(['accepted', 'confirmed']);
  });

  it('takes succeeded, and failed only with one of the documented reasons', () => {
    const occurred_at = '2026-11-18T01:30:00Z';
    expect(deliverooSyncStatus.safeParse({ status: 'succeeded', occurred_at }).success).toBe(true);
    expect(
      deliverooSyncStatus.safeParse({
        status: 'failed',
        reason: 'pos_item_id_not_found',
        notes: 'Pad Thai',
        occurred_at,
      }).success,
    ).toBe(true);
    const noReason = deliverooSyncStatus.safeParse({ status: 'failed', occurred_at });
    expect(noReason.success).toBe(false);
    expect(noReason.error?.issues[0]?.path).toEqual(['reason']);
    expect(
      deliverooSyncStatus.safeParse({ status: 'failed', reason: 'kitchen_closed', occurred_at }).success,
    ).toBe(false);
    expect(deliverooSyncStatus.safeParse({ status: 'succeeded', occurred_at: '18/11/2026' }).success).toBe(
      false,
    );
  });
});
