import { Button } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useCustomerSession } from '../../../lib/session/use-customer-session';
import { useCustomerProfile } from '../api/customer-profile';
import { ACCOUNT_BUTTON } from './account-button';
import { LazyCustomerLoginModal, LazyProfileModal } from './lazy-dialogs';

// The menu (Mantine Menu, Popover, Floating UI) is only opened on a click: its code follows the
// first render, while the same button stands in.
const CustomerAccountMenu = lazy(async () => ({
  default: (await import('./customer-account-menu')).CustomerAccountMenu,
}));

/** The header's user button: "Sign In" when signed out, else the name with Profile, Orders and Logout. */
export function CustomerUserMenu() {
  const session = useCustomerSession();
  const profile = useCustomerProfile(session?.userId);
  const [dialog, setDialog] = useState<'login' | 'profile' | null>(null);

  useEffect(() => {
    if (profile.error) console.warn('Could not load the customer profile', profile.error);
  }, [profile.error]);

  // A customer without a name is shown by the number they signed in with (international form: the
  // phone library stays out of the first screen's code).
  const name = profile.data
    ? profile.data.username?.trim() || profile.data.phone || 'Your account'
    : 'Your account';
  const busy = profile.isPending;

  return (
    <>
      {session ? (
        <Suspense
          fallback={
            <Button {...ACCOUNT_BUTTON} loading={busy}>
              {name}
            </Button>
          }
        >
          <CustomerAccountMenu
            name={name}
            busy={busy}
            onProfile={profile.data ? () => setDialog('profile') : null}
          />
        </Suspense>
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
