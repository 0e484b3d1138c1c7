import '@mantine/dates/styles.css';
import { Divider, Stack } from '@mantine/core';
import { Dashboard } from '../../../features/backoffice/components/dashboard';
import { StockUsageReport } from '../../../features/stock/components/stock-usage-report';
import { WithLocations } from '../../../lib/report-filters/with-locations';
import { StaffPortalPage } from '../staff/staff-portal-page';
import { STAFF_PORTALS } from '../staff/staff-portals';

function SuperAdminDashboard() {
  return <WithLocations>{(locations) => <Dashboard locations={locations} />}</WithLocations>;
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
