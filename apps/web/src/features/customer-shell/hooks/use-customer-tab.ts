import { useCallback } from 'react';
import { CUSTOMER_PATHS, vendorIdFromPath } from '../../../lib/customer-paths';
import { type AppLocation, useLocation, useNavigate } from '../../../lib/router';

export type HomeTab = 'map' | 'restaurants';
export type CustomerTab = HomeTab | 'orders' | 'cart';

/**
 * Map and Restaurants share `/`; which one shows is kept in the history entry's state, so reloads
 * and the back button keep it and nothing extra lands in browser storage. Map is the default.
 */
export interface HomeTabState {
  tab: HomeTab;
}

export function homeTabState(tab: HomeTab): HomeTabState {
  return { tab };
}

export function homeTabOf(state: unknown): HomeTab {
  return typeof state === 'object' && state !== null && 'tab' in state && state.tab === 'restaurants'
    ? 'restaurants'
    : 'map';
}

function tabOf(location: AppLocation): CustomerTab | null {
  const { pathname } = location;
  if (pathname === CUSTOMER_PATHS.home) return homeTabOf(location.state);
  if (pathname === CUSTOMER_PATHS.orders) return 'orders';
  if (pathname === CUSTOMER_PATHS.cart || pathname === CUSTOMER_PATHS.checkout) return 'cart';
  if (vendorIdFromPath(pathname) !== null) return 'restaurants';
  return null;
}

/** The tab the current page belongs to; a vendor page belongs to Restaurants, checkout to Cart. */
export function useActiveCustomerTab(): CustomerTab | null {
  return tabOf(useLocation());
}

/** Goes to `/` on the Restaurants tab. */
export function useGoToRestaurants(): (options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  return useCallback(
    (options) =>
      navigate(CUSTOMER_PATHS.home, { replace: options?.replace, state: homeTabState('restaurants') }),
    [navigate],
  );
}
