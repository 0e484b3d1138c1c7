import { CHECKED_PROVIDER_NAMES } from '@kitchaco/domain';
import { Alert, Badge, Button, Table, Text } from '@mantine/core';
import { useCheckProviders } from '../api/check-providers';
import { clockTime, PROVIDER_CHECK_BADGES } from '../lib/health';
import { HealthSection } from './health-sections';

/**
 * The go-live check on the health page: on demand, one row per provider with its status in words
 * and what to do about it, the same lines as `npm run providers:check` (docs/go-live.md).
 */
export function ProviderCheck() {
  const check = useCheckProviders();
  const result = check.data;
  return (
    <HealthSection
      id="health-provider-check-title"
      title="Go-live check"
      description="Harmless read calls to each configured provider with this server's settings: Square's locations, an Uber Eats token and the mapped stores, DoorDash's mapped stores, a Deliveroo token, the Twilio account and sender, an SMTP login, Facebook's app token."
      action={
        <Button
          variant="light"
          loading={check.isPending}
          onClick={() => check.mutate()}
          style={{ flexShrink: 0 }}
        >
          Check providers
        </Button>
      }
    >
      {check.error && (
        <Alert color="red" variant="light" role="alert" title="The check could not be run">
          {check.error.message}
        </Alert>
      )}
      {result && (
        <>
          <Text size="sm" role="status">
            {result.ready
              ? 'Every configured provider is ready.'
              : 'Not ready: fix the providers marked Problem.'}{' '}
            Checked <time dateTime={result.checked_at}>{clockTime(result.checked_at)}</time>.
          </Text>
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="xs" aria-label="Go-live check">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={170}>Provider</Table.Th>
                  <Table.Th w={190}>Status</Table.Th>
                  <Table.Th>Detail</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.providers.map((p) => {
                  const failing = p.status === 'problem' || (p.status === 'not_configured' && p.required);
                  const badge = failing ? PROVIDER_CHECK_BADGES.problem : PROVIDER_CHECK_BADGES[p.status];
                  return (
                    <Table.Tr key={p.provider}>
                      <Table.Th scope="row">{CHECKED_PROVIDER_NAMES[p.provider]}</Table.Th>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Badge
                          color={badge.color}
                          variant={failing ? 'filled' : 'light'}
                          c={failing ? undefined : 'dark'}
                        >
                          {p.status === 'not_configured' && p.required
                            ? 'Required, not configured'
                            : badge.label}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c={failing ? 'red.9' : undefined} style={{ wordBreak: 'break-word' }}>
                          {p.detail}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </HealthSection>
  );
}
