import { paymentsCalls } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicRoute } from '../../../api';
import { checkoutQueries } from './quote';

export const paymentsConfigQueries = {
  /** How the card form of a pickup location loads: the provider, Square's ids, test mode. */
  config: (kitchaco: number) =>
    queryOptions({
      queryKey: [...checkoutQueries.all(), 'payments-config', kitchaco] as const,
      queryFn: ({ signal }) => getPaymentsConfig(kitchaco, signal),
      // Settings of the server: they change with a deploy, not while someone checks out.
      staleTime: 30 * 60_000,
    }),
};

export function getPaymentsConfig(kitchaco: number, signal?: AbortSignal) {
  return publicRoute(paymentsCalls.paymentsConfig, { query: { kitchaco } }, { signal });
}

export function usePaymentsConfig(kitchaco: number) {
  return useQuery(paymentsConfigQueries.config(kitchaco));
}
