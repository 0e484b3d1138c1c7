/** The back office's words, as the spec has them. */
export const BACK_OFFICE_MESSAGES = {
  statusChanged: 'Changed Successfully',
  statusChangeFailed: 'Something went wrong! Please try again',
  /** 'Are you sure you want to change Order #123 to Cooking? This will also send a notification to the customer.' */
  confirmStatusChange: (orderId: number, status: string) =>
    `Are you sure you want to change Order #${orderId} to ${status}? This will also send a notification to the customer.`,
} as const;
