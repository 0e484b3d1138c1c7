import { backofficeCalls, formatWireDate, type IsoDate } from '@kitchaco/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { backOfficeKeys } from './back-office-keys';

export interface DashboardFilter {
  /** 0 = all locations; OPERATOR_LOCATION for an operator (the server uses their own). */
  locationId: number;
  startDate: IsoDate;
  endDate: IsoDate;
}

/** dashboard_data: every figure of the dashboard for a location (or all) and a date range. */
export function getDashboard(filter: DashboardFilter, signal?: AbortSignal) {
  return staffCall(
    backofficeCalls.dashboardData,
    {
      kitchaco_location: filter.locationId,
      start_date: formatWireDate(filter.startDate),
      end_date: formatWireDate(filter.endDate),
    },
    { signal },
  );
}

export const dashboardQueries = {
  figures: (filter: DashboardFilter) =>
    queryOptions({
      queryKey: [...backOfficeKeys.dashboard(), filter] as const,
      queryFn: ({ signal }) => getDashboard(filter, signal),
      placeholderData: keepPreviousData,
    }),
};

export function useDashboard(filter: DashboardFilter) {
  return useQuery(dashboardQueries.figures(filter));
}
