import type { Module } from '../http/registry.js';
import { auditModule } from './audit/audit.routes.js';
import { authModule } from './auth/auth.routes.js';
import { backofficeModule } from './backoffice/backoffice.routes.js';
import { compatibilityModule } from './compatibility/compatibility.routes.js';
import { contactModule } from './contact/contact.routes.js';
import { financeModule } from './finance/finance.routes.js';
import { healthModule } from './health/health.routes.js';
import { kiosksModule } from './kiosks/kiosks.routes.js';
import { kitchenModule } from './kitchen/kitchen.routes.js';
import { locationsModule } from './locations/locations.routes.js';
import { marketplacesModule } from './marketplaces/marketplaces.routes.js';
import { menusModule } from './menus/menus.routes.js';
import { notificationsModule } from './notifications/notifications.routes.js';
import { ordersModule } from './orders/orders.routes.js';
import { paymentsModule } from './payments/payments.routes.js';
import { siteModule } from './site/site.routes.js';
import { staffModule } from './staff/staff.routes.js';
import { stockModule } from './stock/stock.routes.js';
import { vendorsModule } from './vendors/vendors.routes.js';

/** Every business area of the server. The authorisation matrix and OpenAPI walk this list. */
export const modules: Module[] = [
  authModule,
  locationsModule,
  notificationsModule,
  vendorsModule,
  ordersModule,
  kitchenModule,
  paymentsModule,
  stockModule,
  backofficeModule,
  financeModule,
  menusModule,
  kiosksModule,
  contactModule,
  marketplacesModule,
  compatibilityModule,
  auditModule,
  staffModule,
  siteModule,
  healthModule,
];
