import '@mantine/dates/styles.css';
import { Dashboard } from '../../../features/backoffice/components/dashboard';
import { StaffPortalPage } from './staff-portal-page';
import { STAFF_PORTALS } from './staff-portals';

/** `/operator-admin`: the operator login, then the dashboard of their own location. */
export function OperatorAdminPage() {
  return <StaffPortalPage portal={STAFF_PORTALS.operatorAdmin}>{() => <Dashboard />}</StaffPortalPage>;
}
