import { kiosksCalls } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { pairingPollInterval } from '../lib/terminal-status';
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
      // While a device code waits to be typed on a terminal, the list is read every 5 s, so the
      // kiosk shows Paired by itself (the server hears it from Square's webhook or by asking).
      refetchInterval: (query) => pairingPollInterval(query.state.data?.kiosks, Date.now()),
    }),
};

export function useKiosks() {
  return useQuery(kioskQueries.list());
}
