import { ordersCalls, type PlaceOrderRequest } from '@kitchaco/domain';
import { useMutation } from '@tanstack/react-query';
import { customerRoute } from '../../../api';

export interface PlaceOrderCall {
  body: PlaceOrderRequest;
  /** The same key for every try of the same attempt: the server never charges it twice. */
  idempotencyKey: string;
}

/** Pays and places the order as the signed-in customer. */
export function placeOrder({ body, idempotencyKey }: PlaceOrderCall) {
  return customerRoute(ordersCalls.placeOrder, { body }, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function usePlaceOrder() {
  return useMutation({ mutationFn: placeOrder });
}
