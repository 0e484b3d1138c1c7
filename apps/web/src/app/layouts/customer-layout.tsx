import { Anchor, Box, Group, rem } from '@mantine/core';
import { type CSSProperties, lazy, type ReactNode, Suspense } from 'react';
import { Logo } from '../../components/logo';
import { CustomerUserMenu } from '../../features/auth/components/customer-user-menu';
import { CartButton } from '../../features/cart/components/cart-button';
import { CustomerTabs } from '../../features/customer-shell/components/customer-tabs';
import { LocationSelect } from '../../features/customer-shell/components/location-select';
import { useActiveCustomerTab } from '../../features/customer-shell/hooks/use-customer-tab';
import { useLocationLink } from '../../features/customer-shell/hooks/use-location-link';
import { useSelectedLocation } from '../../features/customer-shell/hooks/use-selected-location';
import { CUSTOMER_PATHS } from '../../lib/customer-paths';
import { Link } from '../../lib/router';
import { DesktopOnly } from '../guards/desktop-only';
import { BrandThemeColor } from './brand-theme-color';
import classes from './customer-layout.module.css';

/**
 * The restaurant search shows on every tab but the Map, which `/` opens on: its code loads when it
 * is first shown, keeping it off the home page's first screen (docs/performance.md).
 */
const VendorSearch = lazy(async () => ({
  default: (await import('../../features/vendors/components/vendor-search')).VendorSearch,
}));

const TOP_ROW = 64;
const TABS_ROW = 48;
/**
 * react-remove-scroll's `zeroRight` class: while a dialog locks the page's scrolling, the fixed header
 * keeps its width instead of jumping by the scrollbar's.
 */
const KEEP_WIDTH_WHEN_SCROLL_LOCKED = 'right-scroll-bar-position';

/**
 * The customer site: a header with the location, restaurant search, cart and user menu over the
 * section tabs, then the page; desktop widths only.
 */
export function CustomerLayout({ children }: { children: ReactNode }) {
  return (
    <DesktopOnly>
      <CustomerShell>{children}</CustomerShell>
    </DesktopOnly>
  );
}

function CustomerShell({ children }: { children: ReactNode }) {
  useLocationLink();
  const tab = useActiveCustomerTab();
  const { location } = useSelectedLocation();
  const showSearch = tab !== 'map' && tab !== 'cart';

  return (
    <div style={{ '--customer-header-height': rem(TOP_ROW + TABS_ROW) } as CSSProperties}>
      <BrandThemeColor />
      <Box component="header" px="xl" className={`${classes.header} ${KEEP_WIDTH_WHEN_SCROLL_LOCKED}`}>
        <Group h={TOP_ROW} justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <Anchor component={Link} to={CUSTOMER_PATHS.home} underline="never" display="flex">
              <Logo size={32} />
            </Anchor>
            <LocationSelect />
            {showSearch && (
              <Box role="search">
                <Suspense fallback={null}>
                  <VendorSearch locationId={location?.id} />
                </Suspense>
              </Box>
            )}
          </Group>
          <Group gap="md" wrap="nowrap">
            <CartButton />
            <CustomerUserMenu />
          </Group>
        </Group>
        <Box h={TABS_ROW}>
          <CustomerTabs />
        </Box>
      </Box>
      <main className={classes.main}>{children}</main>
    </div>
  );
}
