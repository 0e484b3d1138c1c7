import { Stack, Tabs, Text, Title } from '@mantine/core';
import { MarketplaceImport } from '../../../features/marketplaces/components/marketplace-import';
import { PayoutImport } from '../../../features/marketplaces/components/payout-import';
import { StoreMappings } from '../../../features/marketplaces/components/store-mappings';
import { WebhookInbox } from '../../../features/marketplaces/components/webhook-inbox';
import { useSearchParams } from '../../../lib/router';
import { StaffPortalPage } from '../staff/staff-portal-page';
import { STAFF_PORTALS } from '../staff/staff-portals';

const TABS = ['import', 'payouts', 'stores', 'inbox'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/**
 * `/admin-marketplaces`: how delivery platform orders reach the ledger. The store mappings say
 * where each platform store's orders belong; the import reads a platform's order export; the payout
 * reports are what the platforms paid, reconciled on the Sales Invoice; the webhook inbox shows what
 * became of each webhook, with Retry on a failed one. The tab is in the address (`?tab=payouts`), so
 * other screens link to one. Signed out, to /admin.
 */
export function AdminMarketplacesPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'import';
  const choose = (value: string | null) => {
    if (!isTab(value)) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'import') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <StaffPortalPage portal={STAFF_PORTALS.admin} redirectWhenSignedOut>
      {() => (
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2}>Marketplaces</Title>
            <Text c="dimmed">
              Uber Eats, Deliveroo, DoorDash and Menulog orders arrive by webhook; an export file fills in
              what did not; a payout report says what the platform paid.
            </Text>
          </Stack>
          <Tabs value={tab} onChange={choose} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="import">Import orders</Tabs.Tab>
              <Tabs.Tab value="payouts">Payout reports</Tabs.Tab>
              <Tabs.Tab value="stores">Store mappings</Tabs.Tab>
              <Tabs.Tab value="inbox">Webhook inbox</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="import" pt="md">
              <MarketplaceImport />
            </Tabs.Panel>
            <Tabs.Panel value="payouts" pt="md">
              <PayoutImport />
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
