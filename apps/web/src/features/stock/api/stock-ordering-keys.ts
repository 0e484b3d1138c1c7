/** Query keys of the stock ordering screens, under the staff root so signing out forgets them. */
export const stockOrderingKeys = {
  all: ['staff', 'stock-ordering'] as const,
  list: (locationId: number) => [...stockOrderingKeys.all, 'list', locationId] as const,
  orders: () => [...stockOrderingKeys.all, 'orders'] as const,
  order: (orderId: number) => [...stockOrderingKeys.orders(), orderId] as const,
};
