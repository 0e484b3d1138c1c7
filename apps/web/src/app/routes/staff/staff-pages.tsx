import { StaffPortalPage } from './staff-portal-page';
import { STAFF_PORTALS } from './staff-portals';

export function OperatorAdminPage() {
  return <StaffPortalPage portal={STAFF_PORTALS.operatorAdmin} />;
}
