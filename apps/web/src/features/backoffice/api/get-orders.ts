import {
  backofficeCalls,
  DEFAULT_ORDER_PAGE_SIZE,
  formatWireDate,
  type IsoDate,
  type ORDER_LIST_SOURCES,
  type OrderStatus,
  type OrdersExportRequest,
} from '@kitchaco/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { backOfficeKeys } from './back-office-keys';

export type OrderListSource = (typeof ORDER_LIST_SOURCES)[number];

export interface OrdersFilter {
  /** 0 = all locations; OPERATOR_LOCATION for an operator (the server uses their own). */
  locationId: number;
  startDate: IsoDate;
  endDate: IsoDate;
  status: OrderStatus | null;
  source: OrderListSource | null;
  search: string;
}

/** The wire filters of orders_data and of the CSV export (which has no paging). */
export function ordersWireFilter(filter: OrdersFilter): OrdersExportRequest {
  const search = filter.search.trim();
  return {
    kitchaco_location: filter.locationId,
    start_date: formatWireDate(filter.startDate),
    end_date: formatWireDate(filter.endDate),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.source ? { order_source: filter.source } : {}),
    ...(search ? { search } : {}),
  };
}

/** orders_data: one page of customer orders of every channel, newest first, with their lines. */
export function getOrders(filter: OrdersFilter, page: number, signal?: AbortSignal) {
  return staffCall(
    backofficeCalls.ordersData,
    { ...ordersWireFilter(filter), page, page_size: DEFAULT_ORDER_PAGE_SIZE },
    { signal },
  );
}

export const orderQueries = {
  page: (filter: OrdersFilter, page: number) =>
    queryOptions({
      queryKey: [...backOfficeKeys.orders(), filter, page] as const,
      queryFn: ({ signal }) => getOrders(filter, page, signal),
      placeholderData: keepPreviousData,
    }),
};

export function useOrders(filter: OrdersFilter, page: number) {
  return useQuery(orderQueries.page(filter, page));
}
