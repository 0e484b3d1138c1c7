import { ORDER_LIST_SOURCES, ORDER_STATUSES, type OrderStatus } from '@kitchaco/domain';
import { useCallback } from 'react';
import { useSearchParams } from '../../../lib/router';
import type { OrderListSource } from '../api/get-orders';

/** The order list's own filters and page, kept in the address so Back and a reload keep them. */
export interface OrderListParams {
  status: OrderStatus | null;
  source: OrderListSource | null;
  search: string;
  page: number;
}

function oneOf<T extends string>(list: readonly T[], value: string | null): T | null {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;
}

export function useOrderListParams(): [OrderListParams, (next: Partial<OrderListParams>) => void] {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page'));
  const current: OrderListParams = {
    status: oneOf(ORDER_STATUSES, params.get('status')),
    source: oneOf(ORDER_LIST_SOURCES, params.get('source')),
    search: params.get('q') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
  const update = useCallback(
    (next: Partial<OrderListParams>) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          const put = (key: string, value: string | null) => {
            if (value) out.set(key, value);
            else out.delete(key);
          };
          if (next.status !== undefined) put('status', next.status);
          if (next.source !== undefined) put('source', next.source);
          if (next.search !== undefined) put('q', next.search.trim() || null);
          if (next.page !== undefined) put('page', next.page > 1 ? String(next.page) : null);
          return out;
        },
        { replace: next.page === undefined },
      ),
    [setParams],
  );
  return [current, update];
}
