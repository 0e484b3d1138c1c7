import type { StaffRole, StockOrderStatus } from '../constants.js';

/**
 * A stock order's life: placed pending, changed by its location while pending, then decided once by
 * a stock admin, approved or disapproved; a decided order never changes again. The statuses are
 * `STOCK_ORDER_STATUSES`, the tuple the database enum `stock_order_status` is made from.
 */
export const STOCK_ORDER_TRANSITIONS: Readonly<Record<StockOrderStatus, readonly StockOrderStatus[]>> = {
  pending: ['pending', 'approved', 'disapproved'],
  approved: [],
  disapproved: [],
};

/** The moves on a stock order, each from the statuses it may start at, to its status, by whom. */
export const STOCK_ORDER_MOVES = {
  /** The location's stock user or operator changes the lines of a pending order. */
  edit: { to: 'pending', roles: ['stock_user', 'operator'] },
  approve: { to: 'approved', roles: ['stock_admin', 'super_admin'] },
  disapprove: { to: 'disapproved', roles: ['stock_admin', 'super_admin'] },
} as const satisfies Record<string, { to: StockOrderStatus; roles: readonly StaffRole[] }>;
export type StockOrderMove = keyof typeof STOCK_ORDER_MOVES;

/** Whether an order in status `from` may go to status `to`. */
export function canStockOrderStatusChange(from: StockOrderStatus, to: StockOrderStatus): boolean {
  return STOCK_ORDER_TRANSITIONS[from].includes(to);
}

/** Whether an order in this status allows the move, whoever asks. */
export function canMove(status: StockOrderStatus, move: StockOrderMove): boolean {
  return canStockOrderStatusChange(status, STOCK_ORDER_MOVES[move].to);
}

/** Whether a staff member with these roles may make the move (on an order in a status that allows it). */
export function roleMayMove(roles: readonly StaffRole[], move: StockOrderMove): boolean {
  const allowed: readonly StaffRole[] = STOCK_ORDER_MOVES[move].roles;
  return roles.some((role) => allowed.includes(role));
}

/** Approved or disapproved: nothing can change it any more. */
export function isDecided(status: StockOrderStatus): boolean {
  return STOCK_ORDER_TRANSITIONS[status].length === 0;
}

/** How screens name each status. */
export const STOCK_ORDER_STATUS_LABELS: Readonly<Record<StockOrderStatus, string>> = {
  pending: 'Pending',
  approved: 'Approved',
  disapproved: 'Disapproved',
};
