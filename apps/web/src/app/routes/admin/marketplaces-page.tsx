import { Stack, Tabs, Text, Title } from '@mantine/core';
import { MarketplaceImport } from '../../../features/marketplaces/components/marketplace-import';
import { StoreMappings } from '../../../features/marketplaces/components/store-mappings';
import { WebhookInbox } from '../../../features/marketplaces/components/webhook-inbox';
import { StaffPortalPage } from '../staff/staff-portal-page';
import { STAFF_PORTALS } from '../staff/staff-portals';

/**
 * `/admin-marketplaces`: how delivery platform orders reach the ledger. The store mappings say
 * where each platform store's orders belong; the import reads a platform's order export; the
 * webhook inbox shows what became of each webhook, with Retry on a failed one. Signed out, to /admin.
 */
export function AdminMarketplacesPage() {
  return (
    <StaffPortalPage portal={STAFF_PORTALS.admin} redirectWhenSignedOut>
      {() => (
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2}>Marketplaces</Title>
            <Text c="dimmed">
              Uber Eats, Deliveroo, DoorDash and Menulog orders arrive by webhook; an export file fills in
              what did not.
            </Text>
          </Stack>
          <Tabs defaultValue="import" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="import">Import orders</Tabs.Tab>
              <Tabs.Tab value="stores">Store mappings</Tabs.Tab>
              <Tabs.Tab value="inbox">Webhook inbox</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="import" pt="md">
              <MarketplaceImport />
            </Tabs.Panel>
            <Tabs.Panel value="stores" pt="md">
              <StoreMappings />
            </Tabs.Panel>
            <Tabs.Panel value="inbox" pt="md">
              <WebhookInbox />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </StaffPortalPage>
  );
}
