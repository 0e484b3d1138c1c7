import { paymentsCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRoute } from '../../../api';
import { paymentsKeys } from './payments-keys';

export interface FlagResolution {
  paymentId: number;
  /** What was done about it ("Refunded by hand in Square's dashboard"). */
  resolution: string;
}

/** `POST /api/v1/payments/flags/:id/resolve/`: closes a flagged payment with what was done. */
export function resolveFlag({ paymentId, resolution }: FlagResolution) {
  return staffRoute(paymentsCalls.resolveFlag, { params: { id: paymentId }, body: { resolution } });
}

export function useResolveFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveFlag,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.reconciliation() }),
  });
}
