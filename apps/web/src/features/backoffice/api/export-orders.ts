import { backofficeCalls } from '@kitchaco/domain';
import { useMutation } from '@tanstack/react-query';
import { staffDownloadRoute } from '../../../api';
import { saveBlob } from '../../../lib/download';
import { type OrdersFilter, ordersWireFilter } from './get-orders';

/** The CSV export of the order list: every order matching the filters (no paging), one row per line. */
export function exportOrders(filter: OrdersFilter) {
  return staffDownloadRoute(
    backofficeCalls.exportOrders,
    { body: ordersWireFilter(filter) },
    { fallbackFilename: `orders-${filter.startDate}-${filter.endDate}.csv` },
  );
}

/** Downloads the export and saves it under the name the server gave. */
export function useExportOrders() {
  return useMutation({
    mutationFn: exportOrders,
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
}
