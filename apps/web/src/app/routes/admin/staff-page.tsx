import { Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { WeeklyHoursTable } from '../../../features/kitchen/components/weekly-hours-table';
import { type DayRow, hoursToRows, rowProblem, rowsToHours } from '../../../features/kitchen/lib/hours';
import { AddLocationForm } from '../../../features/staff/components/add-location-form';
import { LocationsList } from '../../../features/staff/components/locations-list';
import { StaffAccountsSection } from '../../../features/staff/components/staff-accounts-section';
import { choices } from '../../../features/staff/lib/account-form';
import { WithLocations } from '../../../lib/report-filters/with-locations';
import { StaffPortalPage } from '../staff/staff-portal-page';
import { STAFF_PORTALS } from '../staff/staff-portals';

/** The new location's weekly hours (the kitchen's hours table) and the form around them. */
function AddLocation({ operators }: { operators: { value: string; label: string }[] }) {
  const [rows, setRows] = useState<DayRow[]>(() => hoursToRows(null));
  const valid = rows.every((row) => rowProblem(row) === null);
  return (
    <AddLocationForm
      operators={operators}
      hours={valid ? rowsToHours(rows) : null}
      hoursField={<WeeklyHoursTable rows={rows} onChange={setRows} name="New location" />}
      onAdded={(location) => {
        setRows(hoursToRows(null));
        notifications.show({ color: 'green', message: `${location.name} was added.` });
      }}
    />
  );
}

/**
 * `/admin-staff`, Staff & locations: the super admin adds staff accounts (each with a role and, for
 * location roles, a location; a temporary password to hand over) and locations. Signed out, to /admin.
 */
export function AdminStaffPage() {
  return (
    <StaffPortalPage portal={STAFF_PORTALS.admin} redirectWhenSignedOut>
      {() => (
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2}>Staff & locations</Title>
            <Text c="dimmed">
              Every account has one role; operators, kitchen staff and stock users work at one location. A new
              account signs in with a temporary password and chooses its own.
            </Text>
          </Stack>
          <StaffAccountsSection>
            {(data) => (
              <Stack gap="lg" mt="xl">
                <Title order={2} size="h3">
                  Locations
                </Title>
                <WithLocations>{(locations) => <LocationsList locations={locations} />}</WithLocations>
                <Paper withBorder p="md">
                  <Stack>
                    <Title order={3} size="h4">
                      Add location
                    </Title>
                    <AddLocation operators={choices(data).operators} />
                  </Stack>
                </Paper>
              </Stack>
            )}
          </StaffAccountsSection>
        </Stack>
      )}
    </StaffPortalPage>
  );
}
