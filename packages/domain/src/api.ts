import { auditCalls } from './audit/audit.calls.js';
import { authCalls } from './auth/auth.calls.js';
import { backofficeCalls } from './backoffice/backoffice.calls.js';
import { contactCalls } from './contact/contact.calls.js';
import { financeCalls } from './finance/finance.calls.js';
import { healthCalls } from './health/health.calls.js';
import { kiosksCalls } from './kiosks/kiosks.calls.js';
import { kitchenCalls } from './kitchen/kitchen.calls.js';
import { locationsCalls } from './locations/locations.calls.js';
import { marketplaceInboxCalls } from './marketplaces/inbox.calls.js';
import { marketplacesCalls, marketplaceWebhookCalls } from './marketplaces/marketplaces.calls.js';
import { marketplacePayoutCalls } from './marketplaces/payouts.calls.js';
import { menusCalls } from './menus/menus.calls.js';
import { notificationsCalls } from './notifications/notifications.calls.js';
import { ordersCalls } from './orders/orders.calls.js';
import { paymentsCalls } from './payments/payments.calls.js';
import { siteCalls } from './site/site.calls.js';
import { staffCalls } from './staff/staff.calls.js';
import { stockCalls } from './stock/stock.calls.js';
import { vendorsCalls } from './vendors/vendors.calls.js';
import type { QueryCall, RouteCall } from './wire/calls.js';
import { declaredPathsCalls } from './wire/declared-paths.calls.js';

/** Every area's calls: the whole API (the server checks that each has exactly one handler). */
export const API = {
  audit: auditCalls,
  auth: authCalls,
  backoffice: backofficeCalls,
  compatibility: declaredPathsCalls,
  contact: contactCalls,
  finance: financeCalls,
  health: healthCalls,
  kiosks: kiosksCalls,
  kitchen: kitchenCalls,
  locations: locationsCalls,
  marketplaces: {
    ...marketplacesCalls,
    ...marketplaceWebhookCalls,
    ...marketplaceInboxCalls,
    ...marketplacePayoutCalls,
  },
  menus: menusCalls,
  notifications: notificationsCalls,
  orders: ordersCalls,
  payments: paymentsCalls,
  site: siteCalls,
  staff: staffCalls,
  stock: stockCalls,
  vendors: vendorsCalls,
} as const;

/** Every declaration of the API, each once. */
export function allCalls(): (QueryCall | RouteCall)[] {
  return Object.values(API).flatMap((area) => Object.values(area) as (QueryCall | RouteCall)[]);
}
