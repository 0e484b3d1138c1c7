import { AUTH_MESSAGES, type StaffUserData } from '@kitchaco/domain';
import type { StaffLoginCall } from '../../../features/auth/api/staff-login';
import type { StaffNavItem } from '../../../features/staff/components/staff-nav';
import type { StaffSession } from '../../../lib/session/staff-session';

/** One staff sign-in page: which call it uses, which accounts it serves and where logout returns. */
export interface StaffPortal {
  /** The page itself, which is also where Logout goes. */
  path: string;
  title: string;
  loginCall: StaffLoginCall;
  showLocation: boolean;
  /** Whether a stored session can use this page; otherwise the login form shows. */
  accepts: (session: StaffSession) => boolean;
  /** The page's check of a successful sign-in: a message refuses the account, null lets it in. */
  refuse: (data: StaffUserData) => string | null;
  /**
   * The screens of this portal for the signed-in account, in navigation order, each under its group
   * (Sales, Kitchen, Menus, Stock, Records...): every portal has the same sidebar.
   */
  nav: (session: StaffSession) => StaffNavItem[];
}

// The stock login server refuses these accounts itself; the same words here keep the page right
// whatever it answers.
function refuseUnlessStockUser(data: StaffUserData): string | null {
  if (data.is_super_admin) return AUTH_MESSAGES.useSuperAdminPage;
  return data.is_stock_user ? null : AUTH_MESSAGES.authenticationError;
}

function refuseUnlessStockAdmin(data: StaffUserData): string | null {
  return data.is_stock_admin || data.is_super_admin ? null : AUTH_MESSAGES.authenticationError;
}

// The admin login answers any staff account with its flags: /admin and /operator-admin decide.
function refuseUnlessSuperAdmin(data: StaffUserData): string | null {
  return data.is_super_admin ? null : AUTH_MESSAGES.noAccess;
}

// The kitchen display serves kitchen accounts and the back office (operators, super admins).
function refuseUnlessKitchenFloor(data: StaffUserData): string | null {
  return data.is_kitchen || data.is_operator || data.is_super_admin
    ? null
    : AUTH_MESSAGES.authenticationError;
}

/**
 * A stored kitchen account. The session in browser storage keeps no kitchen flag (lib/session keeps
 * the spec's keys): a kitchen account is one bound to a location with none of the other roles. The
 * server checks the role of every call anyway.
 */
export function isKitchenSession(s: StaffSession): boolean {
  return s.locationId !== null && !s.isOperator && !s.isSuperAdmin && !s.isStockUser && !s.isStockAdmin;
}

function refuseUnlessOperator(data: StaffUserData): string | null {
  if (data.is_super_admin) return AUTH_MESSAGES.useSuperAdminPage;
  return data.is_operator ? null : AUTH_MESSAGES.authenticationError;
}

export const STAFF_PORTALS = {
  stock: {
    path: '/stock',
    title: 'Stock Ordering System',
    loginCall: 'stock',
    showLocation: true,
    accepts: (s) => s.isStockUser && !s.isSuperAdmin,
    refuse: refuseUnlessStockUser,
    nav: () => [
      { group: 'Stock', label: 'Home', to: '/stock' },
      { group: 'Stock', label: 'Order History', to: '/stock-orders' },
    ],
  },
  stockAdmin: {
    path: '/stock-admin',
    title: 'Stock Admin',
    loginCall: 'stockAdmin',
    showLocation: false,
    accepts: (s) => s.isStockAdmin || s.isSuperAdmin,
    refuse: refuseUnlessStockAdmin,
    nav: (s) => [
      { group: 'Orders', label: 'Pending Orders', to: '/stock-admin' },
      { group: 'Orders', label: 'Past Orders', to: '/stock-admin-approved-orders' },
      { group: 'Stock', label: 'Stock List', to: '/stock-admin-stocklist' },
      { group: 'Stock', label: 'Stock Bundles', to: '/stock-admin-bundle' },
      ...(s.isSuperAdmin ? [{ group: 'Back office', label: 'Super Admin Dashboard', to: '/admin' }] : []),
    ],
  },
  admin: {
    path: '/admin',
    title: 'Super Admin',
    loginCall: 'admin',
    showLocation: false,
    accepts: (s) => s.isSuperAdmin,
    refuse: refuseUnlessSuperAdmin,
    nav: () => [
      { group: 'Sales', label: 'Dashboard', to: '/admin' },
      { group: 'Sales', label: 'Customer Orders', to: '/admin-orders' },
      { group: 'Sales', label: 'Operators', to: '/admin-operators' },
      { group: 'Sales', label: 'Marketplaces', to: '/admin-marketplaces' },
      { group: 'Sales', label: 'Kitchen display', to: '/kitchen' },
      { group: 'Sales', label: 'Hours & closures', to: '/admin-opening-hours' },
      { group: 'Finance', label: 'Sales Invoice', to: '/admin-sales-invoice' },
      { group: 'Finance', label: 'Sales Report', to: '/admin-sales-report' },
      { group: 'Finance', label: 'Transactional Report', to: '/admin-txn-report' },
      { group: 'Finance', label: 'Payments', to: '/admin-payments' },
      { group: 'Menus', label: 'Menus', to: '/admin-menu' },
      { group: 'Menus', label: 'Menu Review', to: '/admin-menu-review' },
      { group: 'Stock', label: 'Pending Stock Orders', to: '/stock-admin' },
      { group: 'Stock', label: 'Past Stock Orders', to: '/stock-admin-approved-orders' },
      { group: 'Stock', label: 'Stock List', to: '/stock-admin-stocklist' },
      { group: 'Stock', label: 'Stock Bundles', to: '/stock-admin-bundle' },
      // One group for the running of the platform: a heading per screen pushed the last ones below the
      // fold of a 1400x900 screen (issue 38).
      { group: 'Admin', label: 'Staff & locations', to: '/admin-staff' },
      { group: 'Admin', label: 'POS Devices', to: '/admin-kiosks' },
      { group: 'Admin', label: 'Audit log', to: '/admin-audit' },
      { group: 'Admin', label: 'Health', to: '/admin-health' },
    ],
  },
  operatorAdmin: {
    path: '/operator-admin',
    title: 'Operator Admin',
    loginCall: 'admin',
    showLocation: true,
    accepts: (s) => s.isOperator && !s.isSuperAdmin,
    refuse: refuseUnlessOperator,
    // The same groups as the super admin's, with the screens of one location.
    nav: () => [
      { group: 'Sales', label: 'Dashboard', to: '/operator-admin' },
      { group: 'Sales', label: 'Orders', to: '/operator-admin-orders' },
      { group: 'Kitchen', label: 'Kitchen display', to: '/kitchen' },
      { group: 'Kitchen', label: 'Hours & closures', to: '/operator-admin-hours' },
      { group: 'Menus', label: 'Menu', to: '/operator-admin-menu' },
      { group: 'Stock', label: 'New Stock Order', to: '/operator-admin-stock' },
      { group: 'Stock', label: 'Stock Orders', to: '/operator-stock-orders' },
      { group: 'Records', label: 'Audit log', to: '/admin-audit' },
    ],
  },
  kitchen: {
    path: '/kitchen',
    title: 'Kitchen display',
    loginCall: 'admin',
    showLocation: true,
    accepts: (s) => s.isSuperAdmin || s.isOperator || isKitchenSession(s),
    refuse: refuseUnlessKitchenFloor,
    // Kitchen staff have the one screen; the back office returns to its own portal from the menu.
    nav: (s) =>
      s.isSuperAdmin
        ? [{ label: 'Super Admin Dashboard', to: '/admin' }]
        : s.isOperator
          ? [
              { label: 'Operator dashboard', to: '/operator-admin' },
              { label: 'Orders', to: '/operator-admin-orders' },
            ]
          : [],
  },
} as const satisfies Record<string, StaffPortal>;
