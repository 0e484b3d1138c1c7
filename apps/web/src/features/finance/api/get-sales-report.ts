import { financeCalls, type GetSalesReportRequest } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { financeKeys } from './finance-keys';

/**
 * get_sales_report: a location's fortnight (kitchaco, 0 = all) or an operator's payout invoice
 * (external_operator, 0 = all). The server answers 404 with the spec's message until the fortnight's
 * report has been generated.
 */
export function getSalesReport(request: GetSalesReportRequest, signal?: AbortSignal) {
  return staffCall(financeCalls.getSalesReport, request, { signal });
}

export const salesReportQueries = {
  report: (request: GetSalesReportRequest) =>
    queryOptions({
      queryKey: [...financeKeys.reports(), request] as const,
      queryFn: ({ signal }) => getSalesReport(request, signal),
    }),
};

/** Runs once the screen has a fortnight to ask for. */
export function useSalesReport(request: GetSalesReportRequest | null) {
  return useQuery({
    ...salesReportQueries.report(request ?? { start_date: '', end_date: '' }),
    enabled: request !== null,
  });
}
