import { Stack, Text, Title } from '@mantine/core';
import { PaymentsOverview } from '../../../features/payments/components/payments-overview';
import { StaffPortalPage } from '../staff/staff-portal-page';
import { STAFF_PORTALS } from '../staff/staff-portals';

/**
 * `/admin-payments`: card payments as the provider sees them. The last reconciliation with Run now,
 * and the payments it could not settle by itself, each marked as handled once dealt with. Signed
 * out, to /admin.
 */
export function AdminPaymentsPage() {
  return (
    <StaffPortalPage portal={STAFF_PORTALS.admin} redirectWhenSignedOut>
      {() => (
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2}>Payments</Title>
            <Text c="dimmed">
              Card payments taken through Square, checked against the orders. Refunds of one order are made
              from its details in Customer Orders.
            </Text>
          </Stack>
          <PaymentsOverview />
        </Stack>
      )}
    </StaffPortalPage>
  );
}
