import { paymentsCalls } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffRoute } from '../../../api';
import { backOfficeKeys } from './back-office-keys';

/** `GET /api/v1/payments/orders/:id/`: the order's card payment as the provider reported it, with its refunds. */
export function getOrderPayment(orderId: number, signal?: AbortSignal) {
  return staffRoute(paymentsCalls.orderPayment, { params: { id: orderId } }, { signal });
}

export const orderPaymentQueries = {
  detail: (orderId: number) =>
    queryOptions({
      queryKey: backOfficeKeys.orderPayment(orderId),
      queryFn: ({ signal }) => getOrderPayment(orderId, signal),
      /** Null: the order was not paid by card through the platform. */
      select: (data) => data.payment,
    }),
};

/** Loads only while `enabled` (an expanded order, a cancellation being confirmed): super admins only. */
export function useOrderPayment(orderId: number, enabled = true) {
  return useQuery({ ...orderPaymentQueries.detail(orderId), enabled });
}
