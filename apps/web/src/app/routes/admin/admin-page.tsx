import '@mantine/dates/styles.css';
import { StockUsageReport } from '../../../features/stock-admin/components/stock-usage-report';
import { StaffPortalPage } from '../staff/staff-portal-page';
import { STAFF_PORTALS } from '../staff/staff-portals';

/** `/admin`: the super admin login, then the dashboard. For now it holds the stock usage report. */
export function AdminPage() {
  return <StaffPortalPage portal={STAFF_PORTALS.admin}>{() => <StockUsageReport />}</StaffPortalPage>;
}
