import type { KitchacoLocation } from '@kitchaco/domain';
import { Stack, Text, Title } from '@mantine/core';
import { LocationSelect } from '../../../components/location-select';
import { HoursAndClosures } from '../../../features/kitchen/components/hours-and-closures';
import { WithLocations } from '../../../lib/report-filters/with-locations';
import { useSearchParams } from '../../../lib/router';
import { StaffPortalPage } from '../staff/staff-portal-page';
import { STAFF_PORTALS } from '../staff/staff-portals';

function Heading() {
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">
        Hours & closures
      </Title>
      <Text c="dimmed">
        When customers can order now: weekly hours of the location and its brands, and holiday closures.
        Sold-out meals are set on the kitchen display or the menu.
      </Text>
    </Stack>
  );
}

/** The super admin's screen: a location chooser (`?location=`, the first by default), then its hours. */
function ChosenLocation({ locations }: { locations: readonly KitchacoLocation[] }) {
  const [params, setParams] = useSearchParams();
  const chosen = locations.find((l) => l.id === Number(params.get('location'))) ?? locations[0];
  if (!chosen) return <Text>There are no locations yet.</Text>;
  return (
    <Stack gap="lg">
      <LocationSelect
        locations={locations}
        value={chosen.id}
        onChange={(id) => setParams({ location: String(id) }, { replace: true })}
      />
      <HoursAndClosures key={chosen.id} locationId={chosen.id} />
    </Stack>
  );
}

/** `/admin-opening-hours`: any location's hours and closures; signed out, to /admin. */
export function AdminOpeningHoursPage() {
  return (
    <StaffPortalPage portal={STAFF_PORTALS.admin} redirectWhenSignedOut>
      {() => (
        <Stack gap="lg">
          <Heading />
          <WithLocations>{(locations) => <ChosenLocation locations={locations} />}</WithLocations>
        </Stack>
      )}
    </StaffPortalPage>
  );
}

/** `/operator-admin-hours`: the operator's own location's hours and closures; signed out, to /operator-admin. */
export function OperatorHoursPage() {
  return (
    <StaffPortalPage portal={STAFF_PORTALS.operatorAdmin} redirectWhenSignedOut>
      {() => (
        <Stack gap="lg">
          <Heading />
          <HoursAndClosures locationId={null} />
        </Stack>
      )}
    </StaffPortalPage>
  );
}
