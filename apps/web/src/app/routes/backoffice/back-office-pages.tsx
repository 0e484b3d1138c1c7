import '@mantine/dates/styles.css';
import { Stack } from '@mantine/core';
import { OperatorReport } from '../../../features/backoffice/components/operator-report';
import { OrderList } from '../../../features/backoffice/components/order-list';
import { KitchenCapacityPanel } from '../../../features/kitchen/components/kitchen-capacity';
import { PickupBoardLinkPanel } from '../../../features/kitchen/components/pickup-board-link';
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

/**
 * `/operator-admin-orders`: the operator's own orders with a status dropdown (the server accepts an
 * operator's change for their own location only), their kitchen capacity and busy switch, and the
 * link of their pickup board; signed out,
 * to /operator-admin.
 */
export function OperatorOrdersPage() {
  return (
    <StaffPortalPage portal={STAFF_PORTALS.operatorAdmin} redirectWhenSignedOut>
      {() => (
        <Stack gap="xl">
          <KitchenCapacityPanel />
          <PickupBoardLinkPanel />
          <OrderList canChangeStatus />
        </Stack>
      )}
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
