import { Button, Menu } from '@mantine/core';
import { IconLogout, IconReceipt, IconUser } from '@tabler/icons-react';
import { CUSTOMER_PATHS } from '../../../lib/customer-paths';
import { Link } from '../../../lib/router';
import { useCustomerLogout } from '../hooks/use-customer-logout';
import { ACCOUNT_BUTTON } from './account-button';

export interface CustomerAccountMenuProps {
  name: string;
  busy: boolean;
  onProfile: (() => void) | null;
}

/**
 * Profile, Orders and Logout under the signed-in customer's name (Mantine Menu and the logout: loaded
 * on demand).
 */
export function CustomerAccountMenu({ name, busy, onProfile }: CustomerAccountMenuProps) {
  const logout = useCustomerLogout();
  return (
    // No focus placeholder: axe rejects a non-menuitem child of role="menu"; focus goes to the first item.
    <Menu position="bottom-end" width={200} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button {...ACCOUNT_BUTTON} loading={busy || logout.isPending}>
          {name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconUser aria-hidden size={16} />}
          onClick={() => onProfile?.()}
          disabled={!onProfile}
        >
          Profile
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={CUSTOMER_PATHS.orders}
          leftSection={<IconReceipt aria-hidden size={16} />}
        >
          Orders
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout aria-hidden size={16} />} onClick={() => void logout.run()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
