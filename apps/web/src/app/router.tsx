import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { LANDING_AT_ROOT } from '../lib/landing-host';
import { prefetchCustomerHome, prefetchCustomerShell } from './first-screen-data';
import { NotFoundPage } from './routes/not-found-page';
import { PrefixedPage, prefixedPageLoader } from './routes/prefixed-page';
import { RouteErrorPage } from './routes/route-error-page';

const staffPages = () => import('./routes/staff/staff-pages');
const backOfficePages = () => import('./routes/back-office/back-office-pages');
const stockAdminPages = () => import('./routes/stock-admin/stock-admin-pages');
const stockOrderingPages = () => import('./routes/stock-ordering/stock-ordering-pages');
const landingPages = () => import('./routes/landing/landing-pages');

/**
 * `/` is the landing page on a www. host and the customer app's home on every other host; the landing
 * site never loads the customer app's code (docs/landing.md).
 */
const landingHome: RouteObject['lazy'] = async () => ({ Component: (await landingPages()).LandingPage });
const customerHome: RouteObject[] = LANDING_AT_ROOT
  ? []
  : [
      {
        index: true,
        loader: prefetchCustomerHome,
        lazy: async () => ({ Component: (await import('./routes/customer/home-page')).CustomerHomePage }),
      },
    ];

/** One lazily loaded chunk per area and customer page: the map and checkout stay out of the first load. */
export const router = createBrowserRouter([
  {
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        lazy: async () => ({ Component: (await landingPages()).LandingLayout }),
        children: [
          ...(LANDING_AT_ROOT ? [{ index: true, lazy: landingHome }] : []),
          { path: '/welcome', lazy: landingHome },
          { path: '/our-brands', lazy: async () => ({ Component: (await landingPages()).OurBrandsPage }) },
          {
            path: '/franchising-info',
            lazy: async () => ({ Component: (await landingPages()).FranchisingInfoPage }),
          },
        ],
      },
      {
        path: '/',
        loader: prefetchCustomerShell,
        lazy: async () => ({ Component: (await import('./layouts/customer-layout')).CustomerLayout }),
        children: [
          ...customerHome,
          {
            path: 'orders',
            lazy: async () => ({ Component: (await import('./routes/customer/orders-page')).OrdersPage }),
          },
          {
            path: 'cart',
            lazy: async () => ({ Component: (await import('./routes/customer/cart-page')).CartPage }),
          },
          {
            path: 'checkout',
            lazy: async () => ({ Component: (await import('./routes/customer/checkout-page')).CheckoutPage }),
          },
        ],
      },
      // `/vendor:12`, `/stock-order-edit:7`, ...: static paths above win; anything else is a 404.
      { path: '/:ref', loader: prefixedPageLoader, Component: PrefixedPage },
      { path: '/stock', lazy: async () => ({ Component: (await stockOrderingPages()).StockHomePage }) },
      {
        path: '/stock-orders',
        lazy: async () => ({ Component: (await stockOrderingPages()).StockOrdersPage }),
      },
      {
        path: '/operator-admin-stock',
        lazy: async () => ({ Component: (await stockOrderingPages()).OperatorStockPage }),
      },
      {
        path: '/operator-stock-orders',
        lazy: async () => ({ Component: (await stockOrderingPages()).OperatorStockOrdersPage }),
      },
      {
        path: '/stock-admin',
        lazy: async () => ({ Component: (await stockAdminPages()).StockAdminPendingPage }),
      },
      {
        path: '/stock-admin-approved-orders',
        lazy: async () => ({ Component: (await stockAdminPages()).StockAdminApprovedOrdersPage }),
      },
      {
        path: '/stock-admin-stocklist',
        lazy: async () => ({ Component: (await stockAdminPages()).StockAdminStockListPage }),
      },
      {
        path: '/stock-admin-bundle',
        lazy: async () => ({ Component: (await stockAdminPages()).StockAdminBundlePage }),
      },
      {
        path: '/stock-admin-stockbundle-add',
        lazy: async () => ({ Component: (await stockAdminPages()).StockBundleAddPage }),
      },
      {
        path: '/stockbundle-edit',
        lazy: async () => ({ Component: (await stockAdminPages()).StockBundleEditPage }),
      },
      {
        path: '/admin',
        lazy: async () => ({ Component: (await import('./routes/admin/admin-page')).AdminPage }),
      },
      {
        path: '/admin-kiosks',
        lazy: async () => ({ Component: (await import('./routes/admin/kiosks-page')).AdminKiosksPage }),
      },
      { path: '/operator-admin', lazy: async () => ({ Component: (await staffPages()).OperatorAdminPage }) },
      {
        path: '/admin-orders',
        lazy: async () => ({ Component: (await backOfficePages()).AdminOrdersPage }),
      },
      {
        path: '/operator-admin-orders',
        lazy: async () => ({ Component: (await backOfficePages()).OperatorOrdersPage }),
      },
      {
        path: '/admin-operators',
        lazy: async () => ({ Component: (await backOfficePages()).AdminOperatorsPage }),
      },
      {
        path: '/admin-marketplaces',
        lazy: async () => ({
          Component: (await import('./routes/admin/marketplaces-page')).AdminMarketplacesPage,
        }),
      },
      // Menu management (docs/menus.md): one lazily loaded chunk for all its pages.
      {
        path: '/admin-menu',
        lazy: async () => ({ Component: (await import('./routes/menus/menu-pages')).AdminMenuPage }),
      },
      {
        path: '/admin-menu-edit',
        lazy: async () => ({ Component: (await import('./routes/menus/menu-pages')).AdminMenuEditPage }),
      },
      {
        path: '/admin-menu-add',
        lazy: async () => ({ Component: (await import('./routes/menus/menu-pages')).AdminMenuAddPage }),
      },
      {
        path: '/admin-menu-review',
        lazy: async () => ({ Component: (await import('./routes/menus/menu-pages')).AdminMenuReviewPage }),
      },
      {
        path: '/operator-admin-menu',
        lazy: async () => ({ Component: (await import('./routes/menus/menu-pages')).OperatorMenuPage }),
      },
      {
        path: '/operator-menu-edit',
        lazy: async () => ({ Component: (await import('./routes/menus/menu-pages')).OperatorMenuEditPage }),
      },
      {
        path: '/operator-menu-add',
        lazy: async () => ({ Component: (await import('./routes/menus/menu-pages')).OperatorMenuAddPage }),
      },
      {
        path: '/admin-sales-invoice',
        lazy: async () => ({
          Component: (await import('./routes/finance/finance-pages')).AdminSalesInvoicePage,
        }),
      },
      {
        path: '/admin-sales-report',
        lazy: async () => ({
          Component: (await import('./routes/finance/finance-pages')).AdminSalesReportPage,
        }),
      },
      {
        path: '/admin-txn-report',
        lazy: async () => ({
          Component: (await import('./routes/finance/finance-pages')).AdminTxnReportPage,
        }),
      },
      {
        path: '/dev/outbox',
        lazy: async () => ({ Component: (await import('./routes/dev-outbox-page')).DevOutboxPage }),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
]);
