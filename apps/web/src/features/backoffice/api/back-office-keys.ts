/**
 * Query keys of the back-office screens, under the staff root so that signing out forgets them.
 * A status change invalidates all of them: the lists, the dashboards (whose counts move) and the
 * order's card payment (a cancellation refunds it).
 */
export const backOfficeKeys = {
  all: ['staff', 'back-office'] as const,
  dashboard: () => [...backOfficeKeys.all, 'dashboard'] as const,
  orders: () => [...backOfficeKeys.all, 'orders'] as const,
  operators: () => [...backOfficeKeys.all, 'external-operators'] as const,
  operatorReport: () => [...backOfficeKeys.all, 'operator-report'] as const,
  /** An order's card payment and refunds (the order details of a super admin). */
  orderPayment: (orderId: number) => [...backOfficeKeys.all, 'order-payment', orderId] as const,
};

/**
 * The location sent for an operator: the server always answers with their own location, whatever
 * is sent, and -1 is the spec's operator default.
 */
export const OPERATOR_LOCATION = -1;
