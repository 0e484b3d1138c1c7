import { Component, type ReactNode, Suspense } from 'react';
import { PageLoader } from '../components/page-loader';
import { vendorIdFromPath, vendorIdFromSegment } from '../lib/customer-paths';
import { LANDING_AT_ROOT } from '../lib/landing-host';
import { type AppLocation, useLocation, useParams } from '../lib/router';
import {
  prefetchCustomerHome,
  prefetchCustomerShell,
  prefetchPickupBoard,
  prefetchVendorPage,
} from './first-screen-data';
import { type AppRoute, firstMatch, lazyComponent, page, preloadRoute, RouteTable } from './route-table';
import { RouteErrorPage } from './routes/route-error-page';

const landingPages = () => import('./routes/landing/landing-pages');
const landingInfoPages = () => import('./routes/landing/landing-info-pages');
const homePage = () => import('./routes/customer/home-page');
const customerLayout = () => import('./layouts/customer-layout');
const ordersPage = () => import('./routes/customer/orders-page');
const cartPage = () => import('./routes/customer/cart-page');
const checkoutPage = () => import('./routes/customer/checkout-page');
const pickupBoardPage = () => import('./routes/kitchen/pickup-board-page');
const VendorRoute = lazyComponent(async () => (await import('./routes/customer/vendor-route')).VendorRoute);

/** The staff areas' table, with the code of the staff page at the current address. */
const StaffRoutes = lazyComponent(async () => {
  const staff = await import('./staff-routes');
  await staff.preloadStaffPage(window.location.pathname);
  return staff.StaffRoutes;
});

const LandingLayout = lazyComponent(async () => (await landingPages()).LandingLayout);
const CustomerLayout = lazyComponent(async () => (await customerLayout()).CustomerLayout);

// Pages of one frame keep the same element around them, so moving between them keeps the frame
// (header, tabs, their state) and swaps only the page.
const landing = (content: ReactNode) => <LandingLayout>{content}</LandingLayout>;
const customer = (content: ReactNode) => <CustomerLayout>{content}</CustomerLayout>;

/** `/vendor:{id}` (the page reads the id with `useParams().ref`), or a staff page. */
function VendorOrStaffPage() {
  return vendorIdFromSegment(useParams().ref) ? <VendorRoute /> : <StaffRoutes />;
}
VendorOrStaffPage.preload = () =>
  vendorIdFromPath(window.location.pathname) ? VendorRoute.preload() : StaffRoutes.preload();

/**
 * `/` is the landing page on a www. host and the customer app's home on every other host; the landing
 * site never loads the customer app's code (docs/landing.md).
 */
const home: AppRoute = LANDING_AT_ROOT
  ? { path: '/', content: landing(page(landingPages, 'LandingPage')) }
  : {
      path: '/',
      content: customer(page(homePage, 'CustomerHomePage')),
      prefetch: () => {
        prefetchCustomerShell();
        prefetchCustomerHome();
      },
    };

/**
 * The landing and customer sites, one lazily loaded chunk per page (the map and checkout stay out of
 * the first load). Every other address belongs to the staff areas, whose table loads with them
 * (staff-routes.tsx), keeping their 40 routes out of the customer's first screen.
 */
const ROUTES: AppRoute[] = [
  home,
  { path: '/welcome', content: landing(page(landingPages, 'LandingPage')) },
  { path: '/our-brands', content: landing(page(landingInfoPages, 'OurBrandsPage')) },
  { path: '/franchising-info', content: landing(page(landingInfoPages, 'FranchisingInfoPage')) },
  { path: '/orders', content: customer(page(ordersPage, 'OrdersPage')), prefetch: prefetchCustomerShell },
  { path: '/cart', content: customer(page(cartPage, 'CartPage')), prefetch: prefetchCustomerShell },
  {
    path: '/checkout',
    content: customer(page(checkoutPage, 'CheckoutPage')),
    prefetch: prefetchCustomerShell,
  },
  // The counter's pickup board: its own chunk, its data read while the code loads.
  { path: '/pickup-board', content: page(pickupBoardPage, 'PickupBoardPage'), prefetch: prefetchPickupBoard },
  // `/vendor:12`: the brand's page; any other single segment is the staff table's to decide.
  {
    path: '/:ref',
    content: <VendorOrStaffPage />,
    prefetch: ({ ref }) => {
      const vendorId = vendorIdFromSegment(ref);
      if (vendorId) prefetchVendorPage(vendorId);
    },
  },
  { path: '*', content: <StaffRoutes /> },
];

/** Starts the reads the page at this location needs; the router calls it for every navigation. */
export function prefetchPageData({ pathname }: Pick<AppLocation, 'pathname'>): void {
  const match = firstMatch(ROUTES, pathname);
  match?.route.prefetch?.(match.params);
}

/** Loads the code of the page at this address; the app waits for it before its first render (main.tsx). */
export function preloadPage(pathname: string): Promise<void> {
  return preloadRoute(ROUTES, pathname);
}

/** The page of the current address, its code loaded lazily, inside an error boundary. */
export function AppRoutes() {
  return (
    <PageErrorBoundary pathname={useLocation().pathname}>
      <Suspense fallback={<PageLoader />}>
        <RouteTable routes={ROUTES} />
      </Suspense>
    </PageErrorBoundary>
  );
}

interface BoundaryState {
  error: unknown;
  pathname: string;
}

/**
 * A page that fails to render, or whose code cannot be loaded (for example after a deploy), shows the
 * error page (the error is logged as a warning, main.tsx); moving to another address clears it.
 */
class PageErrorBoundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('A page failed') };
  }

  static getDerivedStateFromProps(
    props: { pathname: string },
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  override render() {
    return this.state.error ? <RouteErrorPage /> : this.props.children;
  }
}
