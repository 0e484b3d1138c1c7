import { formatWireDate, type IsoDate, stockCalls } from '@kitchaco/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { stockAdminKeys } from './stock-admin-keys';

export interface UsageFilter {
  locationId: number;
  startDate: IsoDate;
  endDate: IsoDate;
}

/** stock_usage_report: meals sold at a location on every channel, and the stock they used. */
export function getStockUsageReport(filter: UsageFilter, signal?: AbortSignal) {
  return staffCall(
    stockCalls.stockUsageReport,
    {
      kitchaco_location: filter.locationId,
      start_date: formatWireDate(filter.startDate),
      end_date: formatWireDate(filter.endDate),
    },
    { signal },
  );
}

export const stockUsageQueries = {
  report: (filter: UsageFilter) =>
    queryOptions({
      queryKey: [...stockAdminKeys.usage(), filter] as const,
      queryFn: ({ signal }) => getStockUsageReport(filter, signal),
      placeholderData: keepPreviousData,
    }),
};

export function useStockUsageReport(filter: UsageFilter, enabled = true) {
  return useQuery({ ...stockUsageQueries.report(filter), enabled });
}
