import { backofficeCalls, formatWireDate, type IsoDate } from '@kitchaco/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { backOfficeKeys } from './back-office-keys';

export interface OperatorReportFilter {
  operatorId: number;
  startDate: IsoDate;
  endDate: IsoDate;
}

/** reports_data: an external operator's sales over a date range, in total and per location. */
export function getOperatorReport(filter: OperatorReportFilter, signal?: AbortSignal) {
  return staffCall(
    backofficeCalls.reportsData,
    {
      external_operator: filter.operatorId,
      start_date: formatWireDate(filter.startDate),
      end_date: formatWireDate(filter.endDate),
    },
    { signal },
  );
}

export const operatorReportQueries = {
  report: (filter: OperatorReportFilter) =>
    queryOptions({
      queryKey: [...backOfficeKeys.operatorReport(), filter] as const,
      queryFn: ({ signal }) => getOperatorReport(filter, signal),
      placeholderData: keepPreviousData,
    }),
};

/** Runs once an operator is chosen. */
export function useOperatorReport(filter: OperatorReportFilter | null) {
  return useQuery({
    ...operatorReportQueries.report(filter ?? { operatorId: 0, startDate: '', endDate: '' }),
    enabled: filter !== null,
  });
}
