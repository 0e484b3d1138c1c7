import { formatWireDate, type IsoDate, stockCalls } from '@kitchaco/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { stockAdminKeys } from './stock-admin-keys';

export interface PastOrdersFilter {
  /** 0 = all locations. */
  locationId: number;
  startDate: IsoDate;
  endDate: IsoDate;
}

/** get_admin_approved_disapproved: decided orders of a location (or all) in a date range, with totals. */
export function getApprovedDisapproved(filter: PastOrdersFilter, signal?: AbortSignal) {
  return staffCall(
    stockCalls.getAdminApprovedDisapproved,
    {
      kitchaco_location: filter.locationId,
      start_date: formatWireDate(filter.startDate),
      end_date: formatWireDate(filter.endDate),
    },
    { signal },
  );
}

export const pastOrderQueries = {
  list: (filter: PastOrdersFilter) =>
    queryOptions({
      queryKey: [...stockAdminKeys.orders(), 'decided', filter] as const,
      queryFn: ({ signal }) => getApprovedDisapproved(filter, signal),
      placeholderData: keepPreviousData,
    }),
};

export function usePastOrders(filter: PastOrdersFilter) {
  return useQuery(pastOrderQueries.list(filter));
}
