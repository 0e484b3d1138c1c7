import { Alert, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { QueryError } from '../../../components/query-state';
import { useAdminHealth } from '../../../features/health/api/get-admin-health';
import { healthKeys } from '../../../features/health/api/health-keys';
import {
  HealthHeadline,
  HealthSection,
  InboxPlatforms,
  KitchenDisplays,
  OutboxChannels,
  ProvidersTable,
  ReconciliationSummary,
} from '../../../features/health/components/health-sections';
import { ProviderCheck } from '../../../features/health/components/provider-check';
import { clockTime, LEVEL_BADGES, worstLevel } from '../../../features/health/lib/health';
import { AdminOutboxTable } from '../../../features/notifications/components/admin-outbox-table';
import { StaffPortalPage } from '../staff/staff-portal-page';
import { STAFF_PORTALS } from '../staff/staff-portals';

/**
 * `/admin-health`: what a super admin paged on a Friday night looks at first. A headline per area
 * (SMS codes, email, marketplace orders, payments, kitchen displays), then the details behind it:
 * providers (and the go-live check, on demand), the outbox with Retry, the marketplace inbox, reconciliation and kitchen displays.
 * Read again every 15 s. Signed out, to /admin.
 */
export function AdminHealthPage() {
  return (
    <StaffPortalPage portal={STAFF_PORTALS.admin} redirectWhenSignedOut>
      {() => <HealthPage />}
    </StaffPortalPage>
  );
}

function HealthPage() {
  const health = useAdminHealth();
  const queryClient = useQueryClient();
  const data = health.data;
  const now = data ? Date.parse(data.checked_at) : Date.now();
  const worstOf = data ? worstLevel(data.headline.map((l) => l.level)) : null;
  const worst = worstOf ? LEVEL_BADGES[worstOf] : null;

  return (
    <Stack gap="lg" aria-busy={health.isFetching}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2}>Health</Title>
          <Text c="dimmed">
            Are codes going out, are marketplace orders taken, is reconciliation running, are kitchens
            connected.
          </Text>
        </Stack>
        {data && worst && (
          <Group gap="sm">
            <Badge
              color={worst.color}
              size="lg"
              variant={worstOf === 'failing' ? 'filled' : 'light'}
              c={worstOf === 'failing' ? undefined : 'dark'}
            >
              Overall: {worst.label}
            </Badge>
            <Text size="sm" c="dimmed" role="status">
              Updated <time dateTime={data.checked_at}>{clockTime(data.checked_at)}</time>, every 15 s
            </Text>
          </Group>
        )}
      </Group>
      {health.error && !data ? (
        <QueryError
          title="The health page could not be loaded"
          error={health.error}
          onRetry={() => health.refetch()}
        />
      ) : !data ? (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label="Loading the health page" />
        </Group>
      ) : (
        <>
          {health.error && (
            <Alert color="red" variant="light" role="alert" title="The server could not be read again">
              {health.error.message} What follows is from {clockTime(data.checked_at)}.
            </Alert>
          )}
          <HealthHeadline headline={data.headline} />
          <ProvidersTable providers={data.providers} now={now} />
          <ProviderCheck />
          <HealthSection
            id="health-outbox-title"
            title="Outbox"
            description="SMS and emails leave through the outbox, with retries. A failed message can be put back once its cause is fixed."
          >
            <OutboxChannels outbox={data.outbox} now={now} />
            <AdminOutboxTable onRetried={() => queryClient.invalidateQueries({ queryKey: healthKeys.all })} />
          </HealthSection>
          <InboxPlatforms inbox={data.inbox} />
          <ReconciliationSummary reconciliation={data.reconciliation} now={now} />
          <KitchenDisplays displays={data.kitchen_displays} now={now} />
        </>
      )}
    </Stack>
  );
}
