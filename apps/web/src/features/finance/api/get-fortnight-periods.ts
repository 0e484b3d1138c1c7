import { financeCalls } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { financeKeys } from './finance-keys';

/** sales_invoice_fortnight_period: the invoice's fortnights, newest first (the current one included). */
export function getFortnightPeriods(signal?: AbortSignal) {
  return staffCall(financeCalls.salesInvoiceFortnightPeriod, {}, { signal });
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
