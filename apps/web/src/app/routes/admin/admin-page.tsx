import '@mantine/dates/styles.css';
import { Alert, Divider, Group, Loader, Stack } from '@mantine/core';
import { Dashboard } from '../../../features/back-office/components/dashboard';
import { StockUsageReport } from '../../../features/stock-admin/components/stock-usage-report';
import { useLocations } from '../../../lib/report-filters/locations';
import { StaffPortalPage } from '../staff/staff-portal-page';
import { STAFF_PORTALS } from '../staff/staff-portals';

function SuperAdminDashboard() {
  const locations = useLocations();
  if (locations.error) {
    return (
      <Alert color="red" variant="light" role="alert" title="The locations could not be loaded">
        {locations.error.message}
      </Alert>
    );
  }
  if (!locations.data) {
    return (
      <Group justify="center" py="xl">
        <Loader role="status" aria-label="Loading locations" />
      </Group>
    );
  }
  return <Dashboard locations={locations.data} />;
}

/** `/admin`: the super admin login, then the sales dashboard of every location and the stock usage report. */
export function AdminPage() {
  return (
    <StaffPortalPage portal={STAFF_PORTALS.admin}>
      {() => (
        <Stack gap="xl">
          <SuperAdminDashboard />
          <Divider />
          <StockUsageReport />
        </Stack>
      )}
    </StaffPortalPage>
  );
}
