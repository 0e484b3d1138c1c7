import '@mantine/dates/styles.css';
import { AuditLog } from '../../../features/audit/components/audit-log';
import { WithLocations } from '../../../lib/report-filters/with-locations';
import { useStaffSession } from '../../../lib/session/use-staff-session';
import { StaffPortalPage } from '../staff/staff-portal-page';
import { STAFF_PORTALS } from '../staff/staff-portals';

function SuperAdminAuditLog() {
  return <WithLocations>{(locations) => <AuditLog locations={locations} />}</WithLocations>;
}

/**
 * `/admin-audit`, the audit log, in the portal of whoever is signed in: a super admin's every
 * location (with the location filter), an operator's own location only. Signed out (or another
 * account), to /admin.
 */
export function AdminAuditPage() {
  const session = useStaffSession();
  if (session && STAFF_PORTALS.operatorAdmin.accepts(session)) {
    return (
      <StaffPortalPage portal={STAFF_PORTALS.operatorAdmin} redirectWhenSignedOut>
        {() => <AuditLog />}
      </StaffPortalPage>
    );
  }
  return (
    <StaffPortalPage portal={STAFF_PORTALS.admin} redirectWhenSignedOut>
      {() => <SuperAdminAuditLog />}
    </StaffPortalPage>
  );
}
