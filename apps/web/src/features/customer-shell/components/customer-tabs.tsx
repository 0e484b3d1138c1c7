import { Group, UnstyledButton } from '@mantine/core';
import { IconMap2, IconReceipt, IconShoppingCart, IconToolsKitchen2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useCartLineCount } from '../../../lib/cart/use-cart';
import { CUSTOMER_PATHS } from '../../../lib/customer-paths';
import { Link } from '../../../lib/router';
import { type CustomerTab, homeTabState, useActiveCustomerTab } from '../hooks/use-customer-tab';
import classes from './customer-tabs.module.css';

interface TabLink {
  tab: CustomerTab;
  label: string;
  to: string;
  state?: unknown;
  icon: ReactNode;
}

/**
 * Map, Restaurants, Orders and Cart (only while the cart holds something). They change pages, so
 * they are navigation links marked with aria-current, not an ARIA tab list.
 */
export function CustomerTabs() {
  const active = useActiveCustomerTab();
  const cartLines = useCartLineCount();
  const links: TabLink[] = [
    {
      tab: 'map',
      label: 'Map',
      to: CUSTOMER_PATHS.home,
      state: homeTabState('map'),
      icon: <IconMap2 aria-hidden size={18} />,
    },
    {
      tab: 'restaurants',
      label: 'Restaurants',
      to: CUSTOMER_PATHS.home,
      state: homeTabState('restaurants'),
      icon: <IconToolsKitchen2 aria-hidden size={18} />,
    },
    {
      tab: 'orders',
      label: 'Orders',
      to: CUSTOMER_PATHS.orders,
      icon: <IconReceipt aria-hidden size={18} />,
    },
  ];
  if (cartLines > 0) {
    links.push({
      tab: 'cart',
      label: 'Cart',
      to: CUSTOMER_PATHS.cart,
      icon: <IconShoppingCart aria-hidden size={18} />,
    });
  }

  return (
    <Group component="nav" aria-label="Sections" gap={4} h="100%" align="stretch" wrap="nowrap">
      {links.map((link) => (
        <UnstyledButton
          key={link.tab}
          component={Link}
          to={link.to}
          state={link.state}
          className={classes.tab}
          data-active={active === link.tab || undefined}
          aria-current={active === link.tab ? 'page' : undefined}
        >
          {link.icon}
          {link.label}
        </UnstyledButton>
      ))}
    </Group>
  );
}
