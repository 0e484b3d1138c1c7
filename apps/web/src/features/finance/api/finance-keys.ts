/**
 * Query keys of the money screens (sales report, transactional report, payout invoice), under the
 * staff root so that signing out forgets them. Generating or approving a report invalidates
 * `financeKeys.reports()`.
 */
export const financeKeys = {
  all: ['staff', 'finance'] as const,
  periods: () => [...financeKeys.all, 'periods'] as const,
  reports: () => [...financeKeys.all, 'reports'] as const,
};
