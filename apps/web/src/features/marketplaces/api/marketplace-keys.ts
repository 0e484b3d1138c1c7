/**
 * Query keys of the marketplace screens, under the staff root so that signing out forgets them.
 * Saving a store mapping invalidates `marketplaceKeys.stores()`.
 */
export const marketplaceKeys = {
  all: ['staff', 'marketplaces'] as const,
  stores: () => [...marketplaceKeys.all, 'stores'] as const,
};
