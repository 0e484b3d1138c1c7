import { StaffPortalPage } from './staff-portal-page';
import { STAFF_PORTALS } from './staff-portals';

export function StockPage() {
  return <StaffPortalPage portal={STAFF_PORTALS.stock} />;
}

export function OperatorAdminPage() {
  return <StaffPortalPage portal={STAFF_PORTALS.operatorAdmin} />;
}
