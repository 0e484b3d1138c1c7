import type { RefundView } from '@kitchaco/domain';

/** A card payment's status as the provider reports it, in the back office's words. */
export const PAYMENT_STATUS_LABELS: Record<string, { label: string; color: string }> = {
  APPROVED: { label: 'Authorised', color: 'blue' },
  PENDING: { label: 'Pending', color: 'yellow' },
  COMPLETED: { label: 'Paid', color: 'green' },
  CANCELED: { label: 'Canceled', color: 'gray' },
  FAILED: { label: 'Failed', color: 'red' },
};

export function paymentStatusLabel(status: string) {
  return PAYMENT_STATUS_LABELS[status] ?? { label: status, color: 'gray' };
}

export const REFUND_STATUS_LABELS: Record<RefundView['status'], { label: string; color: string }> = {
  PENDING: { label: 'Pending', color: 'yellow' },
  COMPLETED: { label: 'Refunded', color: 'green' },
  REJECTED: { label: 'Rejected', color: 'red' },
  FAILED: { label: 'Failed', color: 'red' },
};
