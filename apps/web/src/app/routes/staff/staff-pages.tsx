import { StaffPortalPage } from './staff-portal-page';
import { STAFF_PORTALS } from './staff-portals';

export function StockPage() {
  return <StaffPortalPage portal={STAFF_PORTALS.stock} />;
}

export function StockAdminPage() {
  return <StaffPortalPage portal={STAFF_PORTALS.stockAdmin} />;
}

export function AdminPage() {
  return <StaffPortalPage portal={STAFF_PORTALS.admin} />;
}

export function OperatorAdminPage() {
  return <StaffPortalPage portal={STAFF_PORTALS.operatorAdmin} />;
}
