import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconLogout, IconReceipt, IconUser, IconUserCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CUSTOMER_PATHS } from '../../../lib/customer-paths';
import { useCustomerSession } from '../../../lib/session/use-customer-session';
import { useCustomerProfile } from '../api/customer-profile';
import { useCustomerLogout } from '../hooks/use-customer-logout';
import { LazyCustomerLoginModal, LazyProfileModal } from './lazy-dialogs';

/** The header's user button: "Sign In" when signed out, else the name with Profile, Orders and Logout. */
export function CustomerUserMenu() {
  const session = useCustomerSession();
  const profile = useCustomerProfile(session?.userId);
  const logout = useCustomerLogout();
  const [dialog, setDialog] = useState<'login' | 'profile' | null>(null);

  useEffect(() => {
    if (profile.error) console.warn('Could not load the customer profile', profile.error);
  }, [profile.error]);

  // A customer without a name is shown by the number they signed in with (international form: the
  // phone library stays out of the first screen's code).
  const name = profile.data ? profile.data.username?.trim() || profile.data.phone : 'Your account';

  return (
    <>
      {session ? (
        // No focus placeholder: axe rejects a non-menuitem child of role="menu"; focus goes to the first item.
        <Menu position="bottom-end" width={200} withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <Button
              variant="default"
              leftSection={<IconUserCircle aria-hidden size={20} />}
              rightSection={<IconChevronDown aria-hidden size={16} />}
              loading={profile.isPending || logout.isPending}
            >
              {name}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconUser aria-hidden size={16} />}
              onClick={() => setDialog('profile')}
              disabled={!profile.data}
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
            <Menu.Item leftSection={<IconLogout aria-hidden size={16} />} onClick={() => logout.mutate()}>
              Logout
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : (
        <Button onClick={() => setDialog('login')}>Sign In</Button>
      )}
      <LazyCustomerLoginModal opened={dialog === 'login'} onClose={() => setDialog(null)} />
      {session && profile.data && (
        <LazyProfileModal
          opened={dialog === 'profile'}
          onClose={() => setDialog(null)}
          userId={session.userId}
          profile={profile.data}
        />
      )}
    </>
  );
}
