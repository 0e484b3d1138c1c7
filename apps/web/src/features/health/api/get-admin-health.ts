import { healthCalls } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { healthKeys } from './health-keys';

/** admin_health: every signal of the health page in one read. */
export function getAdminHealth(signal?: AbortSignal) {
  return staffCall(healthCalls.adminHealth, {}, { signal });
}

/** Read again every 15 s, and kept on screen while a read fails (the page says since when). */
export const HEALTH_REFRESH_MS = 15_000;

export const healthQueries = {
  overview: () =>
    queryOptions({
      queryKey: healthKeys.overview(),
      queryFn: ({ signal }) => getAdminHealth(signal),
      refetchInterval: HEALTH_REFRESH_MS,
      refetchIntervalInBackground: true,
    }),
};

export function useAdminHealth() {
  return useQuery(healthQueries.overview());
}
