import { AUTH_MESSAGES, type StaffUserData } from '@kitchaco/domain';
import { Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DocumentTitle } from '../../../components/document-title';
import { StaffLoginForm } from '../../../features/auth/components/staff-login-form';
import { AdminMealAdd } from '../../../features/menus/components/admin-meal-add';
import { AdminMenu } from '../../../features/menus/components/admin-menu';
import { MealEditScreen } from '../../../features/menus/components/meal-edit-screen';
import { MenuHeading } from '../../../features/menus/components/menu-heading';
import { OperatorMealAdd } from '../../../features/menus/components/operator-meal-add';
import { OperatorMenu } from '../../../features/menus/components/operator-menu';
import { ReviewQueue } from '../../../features/menus/components/review-queue';
import { editorOf } from '../../../features/menus/menu-editor';
import { idFrom } from '../../../features/menus/menu-list';
import { ADMIN_MENU_PATHS, OPERATOR_MENU_PATHS } from '../../../features/menus/menu-paths';
import { useLocation, useSearchParams } from '../../../lib/router';
import type { StaffSession } from '../../../lib/session/staff-session';
import { useStaffSession } from '../../../lib/session/use-staff-session';
import { StaffPortalPage } from '../staff/staff-portal-page';
import { STAFF_PORTALS } from '../staff/staff-portals';

// ---------------------------------------------------------------- who may see the pages

// The app view lets any account that may manage a menu in: the server decides what it may change.
function refuseUnlessMenuStaff(data: StaffUserData): string | null {
  return data.is_super_admin || data.is_operator ? null : AUTH_MESSAGES.authenticationError;
}

/**
 * `&app_view=true`: the page inside the mobile app's web view. No header and no navigation bar. The
 * server still needs a staff credential for every menu call, so a visitor who is not signed in gets
 * the sign-in form here (a super admin or an operator), never the screen itself.
 */
function AppViewPage({ title, children }: { title: string; children: (session: StaffSession) => ReactNode }) {
  const session = useStaffSession();
  const allowed = session && (session.isSuperAdmin || session.isOperator);
  return (
    <>
      <DocumentTitle title={title} />
      <Box component="main" py="lg">
        <Container size="lg">
          {allowed ? (
            children(session)
          ) : (
            <Paper withBorder p="xl" maw={420} mx="auto">
              <Stack>
                <Title order={1} size="h3">
                  Sign in
                </Title>
                <Text size="sm" c="dimmed">
                  Sign in with your super admin or operator account to manage the menu.
                </Text>
                <StaffLoginForm call="admin" refuse={refuseUnlessMenuStaff} />
              </Stack>
            </Paper>
          )}
        </Container>
      </Box>
    </>
  );
}

/** A super admin page, or the app view of it when the address carries app_view=true. */
function SuperAdminMenuPage({
  title,
  children,
}: {
  title: string;
  children: (session: StaffSession, appView: boolean) => ReactNode;
}) {
  const [params] = useSearchParams();
  if (params.get('app_view') === 'true') {
    return <AppViewPage title={title}>{(session) => children(session, true)}</AppViewPage>;
  }
  return (
    <StaffPortalPage portal={STAFF_PORTALS.admin} redirectWhenSignedOut>
      {(session) => children(session, false)}
    </StaffPortalPage>
  );
}

function OperatorMenuScreen({ children }: { children: (session: StaffSession) => ReactNode }) {
  return (
    <StaffPortalPage portal={STAFF_PORTALS.operatorAdmin} redirectWhenSignedOut>
      {children}
    </StaffPortalPage>
  );
}

/** `/admin-menu`: every location's brands and meals (or one location's); signed out, to /admin. */
export function AdminMenuPage() {
  return (
    <StaffPortalPage portal={STAFF_PORTALS.admin} redirectWhenSignedOut>
      {() => <AdminMenu />}
    </StaffPortalPage>
  );
}

/** `/operator-admin-menu`: the brands of the operator's location; others to /operator-admin. */
export function OperatorMenuPage() {
  return <OperatorMenuScreen>{() => <OperatorMenu />}</OperatorMenuScreen>;
}

/** `/admin-menu-edit?id={mealId}` (and `&app_view=true`). */
export function AdminMenuEditPage() {
  const [params] = useSearchParams();
  const mealId = idFrom(params.get('id'));
  return (
    <SuperAdminMenuPage title="Edit meal">
      {(session, appView) => (
        <MealEditScreen
          mealId={mealId}
          editor={editorOf(session)}
          appView={appView}
          listPath={(b) => ADMIN_MENU_PATHS.list(b)}
        />
      )}
    </SuperAdminMenuPage>
  );
}

/** `/operator-menu-edit#{mealId}`. */
export function OperatorMenuEditPage() {
  const mealId = idFrom(useLocation().hash);
  return (
    <OperatorMenuScreen>
      {() => (
        <MealEditScreen
          mealId={mealId}
          editor="operator"
          appView={false}
          listPath={OPERATOR_MENU_PATHS.list}
        />
      )}
    </OperatorMenuScreen>
  );
}

/** `/admin-menu-add?id={vendorId}` (and `&app_view=true`). */
export function AdminMenuAddPage() {
  return (
    <SuperAdminMenuPage title="Add meal">
      {(session, appView) => <AdminMealAdd session={session} appView={appView} />}
    </SuperAdminMenuPage>
  );
}

/** `/operator-menu-add#{brandId}`; `#-1` alerts 'Please select a brand and try again.' and goes back. */
export function OperatorMenuAddPage() {
  return <OperatorMenuScreen>{() => <OperatorMealAdd />}</OperatorMenuScreen>;
}

// ---------------------------------------------------------------- /admin-menu-review

/** `/admin-menu-review` (Menu Review): what operators added or changed, to approve or reject. */
export function AdminMenuReviewPage() {
  return (
    <StaffPortalPage portal={STAFF_PORTALS.admin} redirectWhenSignedOut>
      {() => (
        <Stack gap="lg">
          <MenuHeading
            title="Menu Review"
            subtitle="Meals, combos and sub items operators added or changed. A change of a live item shows the live values beside the proposed ones; customers keep the live version until you approve it. Reject asks for a reason, which the operator sees."
          />
          <ReviewQueue editPath={(mealId) => ADMIN_MENU_PATHS.edit(mealId)} />
        </Stack>
      )}
    </StaffPortalPage>
  );
}
