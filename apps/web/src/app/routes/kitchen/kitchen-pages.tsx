import type { KitchacoLocation } from '@kitchaco/domain';
import { Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DocumentTitle } from '../../../components/document-title';
import { locationLabel } from '../../../components/location-select';
import { useStaffLogout } from '../../../features/auth/hooks/use-staff-logout';
import { KitchenDisplay } from '../../../features/kitchen/components/kitchen-display';
import { KitchenMenu } from '../../../features/kitchen/components/kitchen-menu';
import { StaffFrame } from '../../../features/staff/components/staff-frame';
import { WithLocations } from '../../../lib/report-filters/with-locations';
import { Link, useSearchParams } from '../../../lib/router';
import type { StaffSession } from '../../../lib/session/staff-session';
import { useStaffSession } from '../../../lib/session/use-staff-session';
import { StaffPortalPage } from '../staff/staff-portal-page';
import { STAFF_PORTALS } from '../staff/staff-portals';

const PORTAL = STAFF_PORTALS.kitchen;

/**
 * The kitchen display as an installable app (docs/kitchen.md): the manifest is linked from this page
 * only (React puts these in the document head while the page is shown), so the customer pages load
 * nothing of it.
 */
function KitchenAppHead() {
  return (
    <>
      <link rel="manifest" href="/kitchen.webmanifest" />
      <link rel="apple-touch-icon" href="/kitchen-icon-192.png" />
      <meta name="theme-color" content="#1f1f1f" />
    </>
  );
}

/** The super admin's first step: which location's kitchen to show. */
function ChooseLocation({ locations }: { locations: readonly KitchacoLocation[] }) {
  return (
    <Stack gap="md">
      <Title order={2}>Choose a location</Title>
      <Text>The kitchen display shows one location's tickets.</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {locations.map((location) => (
          <Button
            key={location.id}
            component={Link}
            to={`/kitchen?location=${location.id}`}
            size="lg"
            variant="default"
          >
            {locationLabel(location)}
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function SignedInKitchen({ session }: { session: StaffSession }) {
  const [params] = useSearchParams();
  const logout = useStaffLogout(PORTAL.path);
  const chosen = Number(params.get('location'));
  const menu = (locationId: number | null) => (
    <KitchenMenu
      locationId={locationId}
      backOffice={session.isOperator || session.isSuperAdmin}
      changeLocationTo={session.isSuperAdmin ? '/kitchen' : undefined}
      links={PORTAL.nav(session)}
      signedInAs={`${session.firstName} ${session.lastName}`.trim() || session.email}
      onLogout={() => logout.mutate()}
      loggingOut={logout.isPending}
    />
  );

  if (!session.isSuperAdmin) {
    return <KitchenDisplay token={session.token} locationId={null} menu={menu(null)} />;
  }
  return (
    <WithLocations>
      {(locations) => {
        const location = locations.find((l) => l.id === chosen);
        if (!location) {
          return (
            <StaffFrame title={PORTAL.title}>
              <ChooseLocation locations={locations} />
            </StaffFrame>
          );
        }
        return (
          <KitchenDisplay
            key={location.id}
            token={session.token}
            locationId={location.id}
            locationName={locationLabel(location)}
            menu={menu(location.id)}
          />
        );
      }}
    </WithLocations>
  );
}

/**
 * `/kitchen`: the kitchen display for a tablet on the pass. Kitchen staff and operators see their own
 * location, super admins choose one (`?location=`). Signed out, the staff sign-in form shows here;
 * with a temporary password, the form to choose one.
 */
export function KitchenPage() {
  const session = useStaffSession();
  return (
    <>
      <KitchenAppHead />
      {/* A temporary password: the portal page shows the "Choose your password" form instead. */}
      {session && PORTAL.accepts(session) && !session.mustChangePassword ? (
        <>
          <DocumentTitle title={PORTAL.title} />
          <SignedInKitchen session={session} />
        </>
      ) : (
        <StaffPortalPage portal={PORTAL} />
      )}
    </>
  );
}
