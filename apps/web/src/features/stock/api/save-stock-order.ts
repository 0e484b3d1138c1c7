import { type CallInput, stockCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { stockOrderingKeys } from './stock-ordering-keys';

export type StockOrderData = CallInput<typeof stockCalls.placeOrder>['orderData'];

/** place_order, or user_edit_order when an order id is given. */
export function saveStockOrder({ orderData, orderId }: { orderData: StockOrderData; orderId?: number }) {
  return orderId === undefined
    ? staffCall(stockCalls.placeOrder, { orderData })
    : staffCall(stockCalls.userEditOrder, { orderData: { ...orderData, orderId } });
}

export function useSaveStockOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStockOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockOrderingKeys.all }),
  });
}
