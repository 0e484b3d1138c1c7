import { kiosksCalls } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { kioskKeys } from './kiosk-keys';

/** admin_get_all_kiosks: every location with its kiosks and their card terminals. */
export function getKiosks(signal?: AbortSignal) {
  return staffCall(kiosksCalls.adminGetAllKiosks, {}, { signal });
}

export const kioskQueries = {
  list: () =>
    queryOptions({
      queryKey: kioskKeys.list(),
      queryFn: ({ signal }) => getKiosks(signal),
      select: (data) => data.kiosks,
    }),
};

export function useKiosks() {
  return useQuery(kioskQueries.list());
}
