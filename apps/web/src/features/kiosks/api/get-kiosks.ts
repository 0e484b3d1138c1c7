import { kiosksResponse } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { ADMIN_DATA, kioskKeys } from './kiosk-keys';

/** admin_get_all_kiosks: every location with its kiosks and their card terminals. */
export function getKiosks(signal?: AbortSignal) {
  return staffFetch(ADMIN_DATA, {
    body: { query_type: 'admin_get_all_kiosks' },
    schema: kiosksResponse,
    signal,
  });
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
