/** Query keys of the Payments screen, under the staff root so that signing out forgets them. */
export const paymentsKeys = {
  all: ['staff', 'payments'] as const,
  reconciliation: () => [...paymentsKeys.all, 'reconciliation'] as const,
};
