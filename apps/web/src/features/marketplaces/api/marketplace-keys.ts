import type { PayoutReconciliationRequest } from '@kitchaco/domain';
import type { InboxFilter } from '../lib/inbox';

/**
 * Query keys of the marketplace screens, under the staff root so that signing out forgets them.
 * Saving a store mapping invalidates `marketplaceKeys.stores()`; retrying an inbox event
 * invalidates `marketplaceKeys.inbox()`, every filter of the inbox; importing a payout report
 * invalidates `marketplaceKeys.payouts()`, every fortnight's reconciliation.
 */
export const marketplaceKeys = {
  all: ['staff', 'marketplaces'] as const,
  stores: () => [...marketplaceKeys.all, 'stores'] as const,
  inbox: () => [...marketplaceKeys.all, 'inbox'] as const,
  inboxList: (filter: InboxFilter) => [...marketplaceKeys.inbox(), filter] as const,
  payouts: () => [...marketplaceKeys.all, 'payouts'] as const,
  payoutReconciliation: (request: PayoutReconciliationRequest) =>
    [...marketplaceKeys.payouts(), 'reconciliation', request] as const,
};
