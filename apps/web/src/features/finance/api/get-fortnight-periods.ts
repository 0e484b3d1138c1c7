import { fortnightPeriodsResponse } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { ADMIN_DATA, financeKeys } from './finance-keys';

/** sales_invoice_fortnight_period: the invoice's fortnights, newest first (the current one included). */
export function getFortnightPeriods(signal?: AbortSignal) {
  return staffFetch(ADMIN_DATA, {
    body: { query_type: 'sales_invoice_fortnight_period' },
    schema: fortnightPeriodsResponse,
    signal,
  });
}

export const fortnightPeriodQueries = {
  list: () =>
    queryOptions({
      queryKey: financeKeys.periods(),
      queryFn: ({ signal }) => getFortnightPeriods(signal),
      select: (data) => data.sales_invoice_fortnight_period,
      staleTime: 5 * 60_000,
    }),
};

export function useFortnightPeriods() {
  return useQuery(fortnightPeriodQueries.list());
}
