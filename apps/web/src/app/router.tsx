import { createBrowserRouter, data, type LoaderFunctionArgs } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { vendorIdFromSegment } from '../lib/customer-paths';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorPage } from './routes/route-error-page';

const staffPages = () => import('./routes/staff/staff-pages');

/**
 * `/vendor:12` is one path segment with the id glued to a prefix, which a route path cannot say: a
 * dynamic segment takes it, and anything not of that form is a 404 (shown by the root error page).
 */
function vendorSegmentLoader({ params }: LoaderFunctionArgs) {
  if (vendorIdFromSegment(params.vendorRef) === null) throw data(null, { status: 404 });
  return null;
}

/** One lazily loaded chunk per area and customer page: the map and checkout stay out of the first load. */
export const router = createBrowserRouter([
  {
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        path: '/',
        lazy: async () => ({ Component: (await import('./layouts/customer-layout')).CustomerLayout }),
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./routes/customer/home-page')).CustomerHomePage }),
          },
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
          {
            path: ':vendorRef',
            loader: vendorSegmentLoader,
            lazy: async () => ({ Component: (await import('./routes/customer/vendor-page')).VendorPage }),
          },
        ],
      },
      { path: '/stock', lazy: async () => ({ Component: (await staffPages()).StockPage }) },
      { path: '/stock-admin', lazy: async () => ({ Component: (await staffPages()).StockAdminPage }) },
      { path: '/admin', lazy: async () => ({ Component: (await staffPages()).AdminPage }) },
      { path: '/operator-admin', lazy: async () => ({ Component: (await staffPages()).OperatorAdminPage }) },
      {
        path: '/dev/outbox',
        lazy: async () => ({ Component: (await import('./routes/dev-outbox-page')).DevOutboxPage }),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
]);
