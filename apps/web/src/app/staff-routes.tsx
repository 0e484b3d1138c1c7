import type { ComponentType } from 'react';
import { type PrefixedPage as PageName, parsePrefixedSegment } from '../lib/prefixed-paths';
import { useParams } from '../lib/router';
import {
  type AppRoute,
  lazyComponent,
  type Preloadable,
  page,
  preloadRoute,
  RouteTable,
} from './route-table';
import { NotFoundPage } from './routes/not-found-page';

const staffPages = () => import('./routes/staff/staff-pages');
const backOfficePages = () => import('./routes/backoffice/back-office-pages');
const stockAdminPages = () => import('./routes/stock/stock-admin-pages');
const stockOrderingPages = () => import('./routes/stock/stock-ordering-pages');
const adminPage = () => import('./routes/admin/admin-page');
const kiosksPage = () => import('./routes/admin/kiosks-page');
const marketplacesPage = () => import('./routes/admin/marketplaces-page');
const healthPage = () => import('./routes/admin/health-page');
const paymentsPage = () => import('./routes/admin/payments-page');
const auditPage = () => import('./routes/admin/audit-page');
const staffPage = () => import('./routes/admin/staff-page');
const menuPages = () => import('./routes/menus/menu-pages');
const financePages = () => import('./routes/finance/finance-pages');
const devOutboxPage = () => import('./routes/notifications/outbox-page');
const kitchenPages = () => import('./routes/kitchen/kitchen-pages');
const openingHoursPages = () => import('./routes/backoffice/opening-hours-pages');

/**
 * The staff pages addressed as `/{prefix}:{id}`. A route pattern cannot glue a parameter to a prefix,
 * so one dynamic segment takes them all, anything else is a 404, and the page of the prefix renders
 * with the id (each page reads it with `useParams().ref`). `/vendor:{id}` is the customer's, in
 * router.tsx.
 */
const PREFIXED: Partial<Record<PageName, ComponentType & Preloadable>> = {
  'stock-order-edit': lazyComponent(async () => (await stockOrderingPages()).StockOrderEditPage),
  'operator-stock-order-edit': lazyComponent(
    async () => (await stockOrderingPages()).OperatorStockOrderEditPage,
  ),
  'stock-admin-order-edit': lazyComponent(async () => (await stockAdminPages()).StockAdminOrderEditPage),
};

const prefixedPageOf = (segment: string | undefined) => {
  const parsed = parsePrefixedSegment(segment);
  return parsed ? PREFIXED[parsed.page] : undefined;
};

function PrefixedPage() {
  const Page = prefixedPageOf(useParams().ref);
  return Page ? <Page /> : <NotFoundPage />;
}
PrefixedPage.preload = async () => prefixedPageOf(window.location.pathname.slice(1))?.preload();

/** The staff, stock and back-office areas: one lazily loaded chunk per area, this table loaded with the first. */
const STAFF_ROUTES: AppRoute[] = [
  { path: '/stock', content: page(stockOrderingPages, 'StockHomePage') },
  { path: '/stock-orders', content: page(stockOrderingPages, 'StockOrdersPage') },
  { path: '/operator-admin-stock', content: page(stockOrderingPages, 'OperatorStockPage') },
  { path: '/operator-stock-orders', content: page(stockOrderingPages, 'OperatorStockOrdersPage') },
  { path: '/stock-admin', content: page(stockAdminPages, 'StockAdminPendingPage') },
  { path: '/stock-admin-approved-orders', content: page(stockAdminPages, 'StockAdminApprovedOrdersPage') },
  { path: '/stock-admin-stocklist', content: page(stockAdminPages, 'StockAdminStockListPage') },
  { path: '/stock-admin-bundle', content: page(stockAdminPages, 'StockAdminBundlePage') },
  { path: '/stock-admin-stockbundle-add', content: page(stockAdminPages, 'StockBundleAddPage') },
  { path: '/stockbundle-edit', content: page(stockAdminPages, 'StockBundleEditPage') },
  { path: '/admin', content: page(adminPage, 'AdminPage') },
  { path: '/admin-kiosks', content: page(kiosksPage, 'AdminKiosksPage') },
  { path: '/operator-admin', content: page(staffPages, 'OperatorAdminPage') },
  { path: '/admin-orders', content: page(backOfficePages, 'AdminOrdersPage') },
  { path: '/operator-admin-orders', content: page(backOfficePages, 'OperatorOrdersPage') },
  { path: '/admin-operators', content: page(backOfficePages, 'AdminOperatorsPage') },
  { path: '/admin-marketplaces', content: page(marketplacesPage, 'AdminMarketplacesPage') },
  { path: '/admin-payments', content: page(paymentsPage, 'AdminPaymentsPage') },
  { path: '/admin-health', content: page(healthPage, 'AdminHealthPage') },
  { path: '/admin-audit', content: page(auditPage, 'AdminAuditPage') },
  { path: '/admin-staff', content: page(staffPage, 'AdminStaffPage') },
  // Menu management (docs/menus.md): one lazily loaded chunk for all its pages.
  { path: '/admin-menu', content: page(menuPages, 'AdminMenuPage') },
  { path: '/admin-menu-edit', content: page(menuPages, 'AdminMenuEditPage') },
  { path: '/admin-menu-add', content: page(menuPages, 'AdminMenuAddPage') },
  { path: '/admin-menu-review', content: page(menuPages, 'AdminMenuReviewPage') },
  { path: '/operator-admin-menu', content: page(menuPages, 'OperatorMenuPage') },
  { path: '/operator-menu-edit', content: page(menuPages, 'OperatorMenuEditPage') },
  { path: '/operator-menu-add', content: page(menuPages, 'OperatorMenuAddPage') },
  { path: '/admin-sales-invoice', content: page(financePages, 'AdminSalesInvoicePage') },
  { path: '/admin-sales-report', content: page(financePages, 'AdminSalesReportPage') },
  { path: '/admin-txn-report', content: page(financePages, 'AdminTxnReportPage') },
  // The kitchen display (docs/kitchen.md); the counter's pickup board is the router's own route.
  { path: '/kitchen', content: page(kitchenPages, 'KitchenPage') },
  // Opening hours and closures of a location and its brands (docs/kitchen.md).
  { path: '/admin-opening-hours', content: page(openingHoursPages, 'AdminOpeningHoursPage') },
  { path: '/operator-admin-hours', content: page(openingHoursPages, 'OperatorHoursPage') },
  { path: '/dev/outbox', content: page(devOutboxPage, 'DevOutboxPage') },
  // `/stock-order-edit:7`, ...: after every exact address.
  { path: '/:ref', content: <PrefixedPage /> },
  { path: '*', content: <NotFoundPage /> },
];

/** Loads the code of the staff page at this path, with the table (router.tsx). */
export function preloadStaffPage(pathname: string): Promise<void> {
  return preloadRoute(STAFF_ROUTES, pathname);
}

/** Every address the customer site and the landing site do not take (router.tsx). */
export function StaffRoutes() {
  return <RouteTable routes={STAFF_ROUTES} />;
}
