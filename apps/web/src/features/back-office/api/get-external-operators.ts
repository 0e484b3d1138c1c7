import { externalOperatorsResponse } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { ADMIN_DATA, backOfficeKeys } from './back-office-keys';

/** external_operators: the franchisee businesses, by business name. */
export function getExternalOperators(signal?: AbortSignal) {
  return staffFetch(ADMIN_DATA, {
    body: { query_type: 'external_operators' },
    schema: externalOperatorsResponse,
    signal,
  });
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
