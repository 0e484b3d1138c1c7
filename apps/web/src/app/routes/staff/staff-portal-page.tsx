import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form';
import { StaffLoginForm } from '../../../features/auth/components/staff-login-form';
import { useStaffLogout } from '../../../features/auth/hooks/use-staff-logout';
import { StaffAccountSummary } from '../../../features/staff/components/staff-account-summary';
import { StaffFrame } from '../../../features/staff/components/staff-frame';
import { StaffHeaderAccount } from '../../../features/staff/components/staff-header-account';
import { StaffNav } from '../../../features/staff/components/staff-nav';
import { Navigate } from '../../../lib/router';
import type { StaffSession } from '../../../lib/session/staff-session';
import { useStaffSession } from '../../../lib/session/use-staff-session';
import type { StaffPortal } from './staff-portals';

interface StaffPortalPageProps {
  portal: StaffPortal;
  /** The screen, for a signed-in account the portal accepts. Absent: the account summary. */
  children?: (session: StaffSession) => ReactNode;
  /**
   * A screen other than the portal's own page: signed out (or with an account the portal does not
   * accept) it sends the visitor to the portal's page to sign in, instead of showing a form here.
   */
  redirectWhenSignedOut?: boolean;
}

/** A staff page: its login form, or, once signed in with a fitting account, the staff layout. */
export function StaffPortalPage({ portal, children, redirectWhenSignedOut = false }: StaffPortalPageProps) {
  const session = useStaffSession();
  const logout = useStaffLogout(portal.path);

  if (!session || !portal.accepts(session)) {
    if (redirectWhenSignedOut) return <Navigate to={portal.path} replace />;
    return (
      <StaffFrame title={portal.title}>
        <Paper withBorder p="xl" maw={420} mx="auto">
          <Stack>
            <Title order={2} size="h3">
              Sign in
            </Title>
            <StaffLoginForm call={portal.loginCall} refuse={portal.refuse} />
          </Stack>
        </Paper>
      </StaffFrame>
    );
  }

  const account = (
    <StaffHeaderAccount
      firstName={session.firstName}
      lastName={session.lastName}
      onLogout={() => logout.mutate()}
      loggingOut={logout.isPending}
    />
  );

  // A temporary password (the sign-in said so, or a call was refused for it): the server answers
  // nothing else until the account chooses its own, so no screen of the portal shows meanwhile.
  if (session.mustChangePassword) {
    return (
      <StaffFrame title={portal.title} account={account}>
        <Paper withBorder p="xl" maw={460} mx="auto">
          <Stack>
            <Title order={2} size="h3">
              Choose your password
            </Title>
            <ChangePasswordForm />
          </Stack>
        </Paper>
      </StaffFrame>
    );
  }

  const nav = portal.nav(session);
  return (
    <StaffFrame
      title={portal.title}
      subtitle={portal.showLocation ? session.locationName : null}
      nav={nav.length > 0 ? (close) => <StaffNav items={nav} onNavigate={close} /> : undefined}
      account={account}
    >
      {children ? children(session) : <StaffAccountSummary session={session} />}
    </StaffFrame>
  );
}
