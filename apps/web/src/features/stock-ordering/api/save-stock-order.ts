import { type PlaceStockOrderRequest, stockOrderDoneResponse } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffFetch } from '../../../api';
import { STOCK_ORDER_LIST, stockOrderingKeys } from './stock-ordering-keys';

export type StockOrderData = PlaceStockOrderRequest['orderData'];

/** place_order, or user_edit_order when an order id is given. */
export function saveStockOrder({ orderData, orderId }: { orderData: StockOrderData; orderId?: number }) {
  return staffFetch(STOCK_ORDER_LIST, {
    body:
      orderId === undefined
        ? { query_type: 'place_order', orderData }
        : { query_type: 'user_edit_order', orderData: { ...orderData, orderId } },
    schema: stockOrderDoneResponse,
  });
}

export function useSaveStockOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStockOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockOrderingKeys.all }),
  });
}
