import { backofficeCalls } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { backOfficeKeys } from './back-office-keys';

/** external_operators: the franchisee businesses, by business name. */
export function getExternalOperators(signal?: AbortSignal) {
  return staffCall(backofficeCalls.externalOperators, {}, { signal });
}

export const externalOperatorQueries = {
  list: () =>
    queryOptions({
      queryKey: backOfficeKeys.operators(),
      queryFn: ({ signal }) => getExternalOperators(signal),
      select: (data) => data.external_operators,
      staleTime: 5 * 60_000,
    }),
};

export function useExternalOperators() {
  return useQuery(externalOperatorQueries.list());
}
