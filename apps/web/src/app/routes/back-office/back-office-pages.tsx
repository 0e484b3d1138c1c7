import '@mantine/dates/styles.css';
import { Alert, Group, Loader } from '@mantine/core';
import { OperatorReport } from '../../../features/back-office/components/operator-report';
import { OrderList } from '../../../features/back-office/components/order-list';
import { useLocations } from '../../../lib/report-filters/locations';
import { StaffPortalPage } from '../staff/staff-portal-page';
import { STAFF_PORTALS } from '../staff/staff-portals';

function SuperAdminOrderList() {
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
  return <OrderList locations={locations.data} />;
}

/** `/admin-orders`: every location's customer orders with a status dropdown; signed out, to /admin. */
export function AdminOrdersPage() {
  return (
    <StaffPortalPage portal={STAFF_PORTALS.admin} redirectWhenSignedOut>
      {() => <SuperAdminOrderList />}
    </StaffPortalPage>
  );
}

/** `/operator-admin-orders`: the operator's own orders, no status change; signed out, to /operator-admin. */
export function OperatorOrdersPage() {
  return (
    <StaffPortalPage portal={STAFF_PORTALS.operatorAdmin} redirectWhenSignedOut>
      {() => <OrderList />}
    </StaffPortalPage>
  );
}

/** `/admin-operators`: an external operator's sales; signed out, to /admin. */
export function AdminOperatorsPage() {
  return (
    <StaffPortalPage portal={STAFF_PORTALS.admin} redirectWhenSignedOut>
      {() => <OperatorReport />}
    </StaffPortalPage>
  );
}
