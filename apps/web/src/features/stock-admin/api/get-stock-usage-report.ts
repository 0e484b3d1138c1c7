import { formatWireDate, type IsoDate, stockUsageResponse } from '@kitchaco/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { ADMIN_DATA, stockAdminKeys } from './stock-admin-keys';

export interface UsageFilter {
  locationId: number;
  startDate: IsoDate;
  endDate: IsoDate;
}

/** stock_usage_report: meals sold at a location on every channel, and the stock they used. */
export function getStockUsageReport(filter: UsageFilter, signal?: AbortSignal) {
  return staffFetch(ADMIN_DATA, {
    body: {
      query_type: 'stock_usage_report',
      kitchaco_location: filter.locationId,
      start_date: formatWireDate(filter.startDate),
      end_date: formatWireDate(filter.endDate),
    },
    schema: stockUsageResponse,
    signal,
  });
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
