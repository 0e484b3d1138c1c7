import '@mantine/dates/styles.css';
import { OperatorReport } from '../../../features/back-office/components/operator-report';
import { OrderList } from '../../../features/back-office/components/order-list';
import { WithLocations } from '../../../lib/report-filters/with-locations';
import { StaffPortalPage } from '../staff/staff-portal-page';
import { STAFF_PORTALS } from '../staff/staff-portals';

function SuperAdminOrderList() {
  return <WithLocations>{(locations) => <OrderList locations={locations} />}</WithLocations>;
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
