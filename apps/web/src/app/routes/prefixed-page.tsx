import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { data, type LoaderFunctionArgs, useParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { type PrefixedPage as PageName, parsePrefixedSegment } from '../../lib/prefixed-paths';
import { prefetchVendorPage } from '../first-screen-data';

/**
 * The pages addressed as `/{prefix}:{id}`. A route path cannot glue a parameter to a prefix, so one
 * top-level dynamic segment takes them all, this loader answers 404 for anything else, and the page
 * of the prefix renders with the id (each page reads it with `useParams().ref`).
 */
const PAGES: Partial<Record<PageName, LazyExoticComponent<ComponentType>>> = {
  vendor: lazy(async () => ({ default: (await import('./customer/vendor-route')).VendorRoute })),
  'stock-order-edit': lazy(async () => ({
    default: (await import('./stock/stock-ordering-pages')).StockOrderEditPage,
  })),
  'operator-stock-order-edit': lazy(async () => ({
    default: (await import('./stock/stock-ordering-pages')).OperatorStockOrderEditPage,
  })),
  'stock-admin-order-edit': lazy(async () => ({
    default: (await import('./stock/stock-admin-pages')).StockAdminOrderEditPage,
  })),
};

export function prefixedPageLoader({ params }: LoaderFunctionArgs) {
  const parsed = parsePrefixedSegment(params.ref);
  if (!parsed || !PAGES[parsed.page]) throw data(null, { status: 404 });
  if (parsed.page === 'vendor') prefetchVendorPage(parsed.id);
  return null;
}

export function PrefixedPage() {
  const parsed = parsePrefixedSegment(useParams().ref);
  const Page = parsed ? PAGES[parsed.page] : undefined;
  if (!Page) return null;
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}
