import { paymentsCalls, type RefundRequest } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRoute } from '../../../api';
import { backOfficeKeys } from './back-office-keys';

/** `POST /api/v1/payments/refunds/`: gives part of a paid order back to the customer's card. */
export function refundOrder(request: RefundRequest) {
  return staffRoute(paymentsCalls.refundOrder, { body: request });
}

/**
 * After a refund the order's payment is the server's answer; after a failure it is read again (a
 * refund the provider did not confirm is kept as pending). The dashboards count refunds, so they
 * are read again too.
 */
export function useRefundOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: ({ payment }) =>
      queryClient.setQueryData(backOfficeKeys.orderPayment(orderId), (old) =>
        old ? { ...old, payment } : { success: true as const, payment },
      ),
    onSettled: (_data, error) => {
      if (error) void queryClient.invalidateQueries({ queryKey: backOfficeKeys.orderPayment(orderId) });
      void queryClient.invalidateQueries({ queryKey: backOfficeKeys.dashboard() });
    },
  });
}
