/**
 * Query keys of the back-office screens, under the staff root so that signing out forgets them.
 * A status change invalidates `backOfficeKeys.orders()` (and the dashboards, whose counts move).
 */
export const backOfficeKeys = {
  all: ['staff', 'back-office'] as const,
  dashboard: () => [...backOfficeKeys.all, 'dashboard'] as const,
  orders: () => [...backOfficeKeys.all, 'orders'] as const,
  operators: () => [...backOfficeKeys.all, 'external-operators'] as const,
  operatorReport: () => [...backOfficeKeys.all, 'operator-report'] as const,
};

/**
 * The location sent for an operator: the server always answers with their own location, whatever
 * is sent, and -1 is the spec's operator default.
 */
export const OPERATOR_LOCATION = -1;
