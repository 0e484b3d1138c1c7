import { ordersCalls } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerRoute } from '../../../api';

export const orderQueries = {
  /** Under the customer's root key, so logging out (which drops ['customer']) forgets them too. */
  all: (userId: number) => ['customer', userId, 'orders'] as const,
  list: (userId: number) =>
    queryOptions({
      queryKey: [...orderQueries.all(userId), 'list'] as const,
      queryFn: ({ signal }) => getOrders(signal),
      // Every visit to the orders page asks again: a new order may have been placed meanwhile.
      staleTime: 0,
    }),
};

/** The signed-in customer's orders, newest first. */
export function getOrders(signal?: AbortSignal) {
  return customerRoute(ordersCalls.listOrders, {}, { signal });
}

export function useOrders(userId: number | undefined) {
  return useQuery({ ...orderQueries.list(userId ?? 0), enabled: userId !== undefined });
}
