import { Stack, Text, Title } from '@mantine/core';
import { KioskFaq } from '../../../features/kiosks/components/kiosk-faq';
import { KioskList } from '../../../features/kiosks/components/kiosk-list';
import { StaffPortalPage } from '../staff/staff-portal-page';
import { STAFF_PORTALS } from '../staff/staff-portals';

/**
 * `/admin-kiosks`, titled POS Devices: the FAQs, then every location's kiosks with their card
 * terminals and a device code to pair one. Signed out, to /admin.
 */
export function AdminKiosksPage() {
  return (
    <StaffPortalPage portal={STAFF_PORTALS.admin} redirectWhenSignedOut>
      {() => (
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2}>POS Devices</Title>
            <Text c="dimmed">
              The ordering kiosks at each location and the Square card terminals paired with them.
            </Text>
          </Stack>
          <KioskFaq />
          <Title order={3} size="h3" mt="md">
            Kiosks by location
          </Title>
          <KioskList />
        </Stack>
      )}
    </StaffPortalPage>
  );
}
