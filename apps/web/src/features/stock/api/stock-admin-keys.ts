/**
 * Query keys of the stock admin screens, under the staff root so that signing out forgets them.
 * Writes invalidate `stockAdminKeys.orders()` or `stockAdminKeys.stockList()` and so on.
 */
export const stockAdminKeys = {
  all: ['staff', 'stock-admin'] as const,
  orders: () => [...stockAdminKeys.all, 'orders'] as const,
  stockList: () => [...stockAdminKeys.all, 'stock-list'] as const,
  bundles: () => [...stockAdminKeys.all, 'bundles'] as const,
  usage: () => [...stockAdminKeys.all, 'usage'] as const,
};
