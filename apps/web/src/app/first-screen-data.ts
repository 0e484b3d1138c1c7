import { FEED_ITEMS_ON_MAP } from '@kitchaco/domain';
import { feedQueries } from '../features/vendors/api/feed';
import { vendorQueries } from '../features/vendors/api/vendors';
import { locationQueries } from '../lib/locations';
import { queryClient } from './query-client';

/**
 * Reads a customer page needs, started by the router's loaders as soon as the entry runs, in parallel
 * with the page's code instead of after it (docs/performance.md, Lighthouse). They fill the same query
 * cache the pages read, so nothing is fetched twice. The loaders never wait for them: a failed read
 * shows on the page as before.
 */
/** Every customer page: the header's location list. */
export function prefetchCustomerShell(): null {
  void queryClient.prefetchQuery(locationQueries.list());
  return null;
}

/** `/` opens on the Map tab: its news item. */
export function prefetchCustomerHome(): null {
  void queryClient.prefetchQuery(feedQueries.latest(FEED_ITEMS_ON_MAP));
  return null;
}

/** `/vendor:{id}`: the header's location list and the brand's menu. */
export function prefetchVendorPage(vendorId: number): null {
  prefetchCustomerShell();
  void queryClient.prefetchQuery(vendorQueries.menu(vendorId));
  return null;
}

/**
 * `/pickup-board?display=…`: the board itself, read while the page's code loads (a counter screen
 * starts cold). Its call is imported here, not at the top: the kitchen's calls would otherwise join
 * every customer's first download (bench/web-size.mjs).
 */
export function prefetchPickupBoard(): null {
  const display = new URLSearchParams(window.location.search).get('display')?.trim();
  if (display) {
    void import('../features/kitchen/api/pickup-board').then(({ pickupBoardQueries }) =>
      queryClient.prefetchQuery(pickupBoardQueries.board(display)),
    );
  }
  return null;
}
