import { Paper, Stack, Title } from '@mantine/core';
import { StaffLoginForm } from '../../../features/auth/components/staff-login-form';
import { useStaffLogout } from '../../../features/auth/hooks/use-staff-logout';
import { StaffAccountSummary } from '../../../features/staff/components/staff-account-summary';
import { StaffFrame } from '../../../features/staff/components/staff-frame';
import { StaffHeaderAccount } from '../../../features/staff/components/staff-header-account';
import { useStaffSession } from '../../../lib/session/use-staff-session';
import type { StaffPortal } from './staff-portals';

/** A staff page: its login form, or, once signed in with a fitting account, the staff layout. */
export function StaffPortalPage({ portal }: { portal: StaffPortal }) {
  const session = useStaffSession();
  const logout = useStaffLogout(portal.path);

  if (!session || !portal.accepts(session)) {
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

  return (
    <StaffFrame
      title={portal.title}
      subtitle={portal.showLocation ? session.locationName : null}
      account={
        <StaffHeaderAccount
          firstName={session.firstName}
          lastName={session.lastName}
          onLogout={() => logout.mutate()}
          loggingOut={logout.isPending}
        />
      }
    >
      <StaffAccountSummary session={session} />
    </StaffFrame>
  );
}
