import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { LANDING_AT_ROOT } from '../lib/landing-host';
import { prefetchCustomerHome, prefetchCustomerShell } from './first-screen-data';
import { NotFoundPage } from './routes/not-found-page';
import { PrefixedPage, prefixedPageLoader } from './routes/prefixed-page';
import { RouteErrorPage } from './routes/route-error-page';

const staffPages = () => import('./routes/staff/staff-pages');
const backOfficePages = () => import('./routes/backoffice/back-office-pages');
const stockAdminPages = () => import('./routes/stock/stock-admin-pages');
const stockOrderingPages = () => import('./routes/stock/stock-ordering-pages');
const landingPages = () => import('./routes/landing/landing-pages');
const landingInfoPages = () => import('./routes/landing/landing-info-pages');
const homePage = () => import('./routes/customer/home-page');
const customerLayout = () => import('./layouts/customer-layout');
const ordersPage = () => import('./routes/customer/orders-page');
const cartPage = () => import('./routes/customer/cart-page');
const checkoutPage = () => import('./routes/customer/checkout-page');
const adminPage = () => import('./routes/admin/admin-page');
const kiosksPage = () => import('./routes/admin/kiosks-page');
const marketplacesPage = () => import('./routes/admin/marketplaces-page');
const paymentsPage = () => import('./routes/admin/payments-page');
const auditPage = () => import('./routes/admin/audit-page');
const staffPage = () => import('./routes/admin/staff-page');
const menuPages = () => import('./routes/menus/menu-pages');
const financePages = () => import('./routes/finance/finance-pages');
const devOutboxPage = () => import('./routes/notifications/outbox-page');
const kitchenPages = () => import('./routes/kitchen/kitchen-pages');
const openingHoursPages = () => import('./routes/backoffice/opening-hours-pages');

/** A route's page: the named export of a lazily loaded module (one chunk per module, named once). */
function page<M>(
  load: () => Promise<M>,
  name: { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M],
) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

/**
 * `/` is the landing page on a www. host and the customer app's home on every other host; the landing
 * site never loads the customer app's code (docs/landing.md).
 */
const landingHome = page(landingPages, 'LandingPage');
const customerHome: RouteObject[] = LANDING_AT_ROOT
  ? []
  : [{ index: true, loader: prefetchCustomerHome, lazy: page(homePage, 'CustomerHomePage') }];

/** One lazily loaded chunk per area and customer page: the map and checkout stay out of the first load. */
export const router = createBrowserRouter([
  {
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        lazy: page(landingPages, 'LandingLayout'),
        children: [
          ...(LANDING_AT_ROOT ? [{ index: true, lazy: landingHome }] : []),
          { path: '/welcome', lazy: landingHome },
          { path: '/our-brands', lazy: page(landingInfoPages, 'OurBrandsPage') },
          { path: '/franchising-info', lazy: page(landingInfoPages, 'FranchisingInfoPage') },
        ],
      },
      {
        path: '/',
        loader: prefetchCustomerShell,
        lazy: page(customerLayout, 'CustomerLayout'),
        children: [
          ...customerHome,
          { path: 'orders', lazy: page(ordersPage, 'OrdersPage') },
          { path: 'cart', lazy: page(cartPage, 'CartPage') },
          { path: 'checkout', lazy: page(checkoutPage, 'CheckoutPage') },
        ],
      },
      // `/vendor:12`, `/stock-order-edit:7`, ...: static paths above win; anything else is a 404.
      { path: '/:ref', loader: prefixedPageLoader, Component: PrefixedPage },
      { path: '/stock', lazy: page(stockOrderingPages, 'StockHomePage') },
      { path: '/stock-orders', lazy: page(stockOrderingPages, 'StockOrdersPage') },
      { path: '/operator-admin-stock', lazy: page(stockOrderingPages, 'OperatorStockPage') },
      { path: '/operator-stock-orders', lazy: page(stockOrderingPages, 'OperatorStockOrdersPage') },
      { path: '/stock-admin', lazy: page(stockAdminPages, 'StockAdminPendingPage') },
      { path: '/stock-admin-approved-orders', lazy: page(stockAdminPages, 'StockAdminApprovedOrdersPage') },
      { path: '/stock-admin-stocklist', lazy: page(stockAdminPages, 'StockAdminStockListPage') },
      { path: '/stock-admin-bundle', lazy: page(stockAdminPages, 'StockAdminBundlePage') },
      { path: '/stock-admin-stockbundle-add', lazy: page(stockAdminPages, 'StockBundleAddPage') },
      { path: '/stockbundle-edit', lazy: page(stockAdminPages, 'StockBundleEditPage') },
      { path: '/admin', lazy: page(adminPage, 'AdminPage') },
      { path: '/admin-kiosks', lazy: page(kiosksPage, 'AdminKiosksPage') },
      { path: '/operator-admin', lazy: page(staffPages, 'OperatorAdminPage') },
      { path: '/admin-orders', lazy: page(backOfficePages, 'AdminOrdersPage') },
      { path: '/operator-admin-orders', lazy: page(backOfficePages, 'OperatorOrdersPage') },
      { path: '/admin-operators', lazy: page(backOfficePages, 'AdminOperatorsPage') },
      { path: '/admin-marketplaces', lazy: page(marketplacesPage, 'AdminMarketplacesPage') },
      { path: '/admin-payments', lazy: page(paymentsPage, 'AdminPaymentsPage') },
      { path: '/admin-audit', lazy: page(auditPage, 'AdminAuditPage') },
      { path: '/admin-staff', lazy: page(staffPage, 'AdminStaffPage') },
      // Menu management (docs/menus.md): one lazily loaded chunk for all its pages.
      { path: '/admin-menu', lazy: page(menuPages, 'AdminMenuPage') },
      { path: '/admin-menu-edit', lazy: page(menuPages, 'AdminMenuEditPage') },
      { path: '/admin-menu-add', lazy: page(menuPages, 'AdminMenuAddPage') },
      { path: '/admin-menu-review', lazy: page(menuPages, 'AdminMenuReviewPage') },
      { path: '/operator-admin-menu', lazy: page(menuPages, 'OperatorMenuPage') },
      { path: '/operator-menu-edit', lazy: page(menuPages, 'OperatorMenuEditPage') },
      { path: '/operator-menu-add', lazy: page(menuPages, 'OperatorMenuAddPage') },
      { path: '/admin-sales-invoice', lazy: page(financePages, 'AdminSalesInvoicePage') },
      { path: '/admin-sales-report', lazy: page(financePages, 'AdminSalesReportPage') },
      { path: '/admin-txn-report', lazy: page(financePages, 'AdminTxnReportPage') },
      // The kitchen display and the counter's pickup board (docs/kitchen.md): one lazily loaded chunk.
      { path: '/kitchen', lazy: page(kitchenPages, 'KitchenPage') },
      { path: '/pickup-board', lazy: page(kitchenPages, 'PickupBoardPage') },
      // Opening hours and closures of a location and its brands (docs/kitchen.md).
      { path: '/admin-opening-hours', lazy: page(openingHoursPages, 'AdminOpeningHoursPage') },
      { path: '/operator-admin-hours', lazy: page(openingHoursPages, 'OperatorHoursPage') },
      { path: '/dev/outbox', lazy: page(devOutboxPage, 'DevOutboxPage') },
      { path: '*', Component: NotFoundPage },
    ],
  },
]);
