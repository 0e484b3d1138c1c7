import {
  type AdminHealthResponse,
  HEALTH_AREA_NAMES,
  MARKETPLACE_PLATFORMS,
  PROVIDER_NAMES,
} from '@kitchaco/domain';
import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCount, NumTd, NumTh } from '../../../components/amounts';
import { Link } from '../../../lib/router';
import { ago, LEVEL_BADGES, PROVIDER_STATE_BADGES, waited } from '../lib/health';

type Health = AdminHealthResponse;

/** A titled part of the page. */
export function HealthSection({
  id,
  title,
  description,
  action,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={3} size="h4" id={id}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </div>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** One line per area: its level in words (and colour), and what is wrong or that all is well. */
export function HealthHeadline({ headline }: { headline: Health['headline'] }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="health-headline-title">
      <Title order={3} size="h4" id="health-headline-title" mb="xs">
        At a glance
      </Title>
      <Table verticalSpacing="xs" layout="fixed">
        <Table.Tbody>
          {headline.map((line) => {
            const badge = LEVEL_BADGES[line.level];
            return (
              <Table.Tr key={line.area}>
                <Table.Th scope="row" w={260}>
                  {HEALTH_AREA_NAMES[line.area]}
                </Table.Th>
                <Table.Td w={130}>
                  <Badge
                    color={badge.color}
                    variant={line.level === 'failing' ? 'filled' : 'light'}
                    c={line.level === 'failing' ? undefined : 'dark'}
                    size="lg"
                  >
                    <span aria-hidden="true">{badge.mark} </span>
                    {badge.label}
                  </Badge>
                </Table.Td>
                <Table.Td>{line.text}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

const dash = (
  <Text span c="dimmed">
    —
  </Text>
);

function When({ iso, now, none = dash }: { iso: string | null; now: number; none?: ReactNode }) {
  if (!iso) return none;
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString('en-AU')}>
      {ago(iso, now)}
    </time>
  );
}

/** Each provider's last success and last error, and what the settings point it at. */
export function ProvidersTable({ providers, now }: { providers: Health['providers']; now: number }) {
  return (
    <HealthSection
      id="health-providers-title"
      title="Providers"
      description="The last call that worked and the last that failed, from every instance. Successes are recorded at most every 30 s."
    >
      <Table.ScrollContainer minWidth={760}>
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Provider</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Uses</Table.Th>
              <Table.Th>Last success</Table.Th>
              <Table.Th>Last error</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {providers.map((p) => {
              const badge = PROVIDER_STATE_BADGES[p.state];
              return (
                <Table.Tr key={p.provider}>
                  <Table.Th scope="row">{PROVIDER_NAMES[p.provider]}</Table.Th>
                  <Table.Td>
                    <Badge
                      color={badge.color}
                      variant={p.state === 'failing' ? 'filled' : 'light'}
                      c={p.state === 'failing' ? undefined : 'dark'}
                    >
                      {badge.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{p.mode}</Table.Td>
                  <Table.Td>
                    <When
                      iso={p.last_success_at}
                      now={now}
                      none={p.state === 'not_configured' ? dash : 'never'}
                    />
                  </Table.Td>
                  <Table.Td>
                    {p.last_error_at ? (
                      <Stack gap={2}>
                        <When iso={p.last_error_at} now={now} />
                        <Text
                          size="sm"
                          c={p.state === 'failing' ? 'red.9' : 'dimmed'}
                          style={{ wordBreak: 'break-word' }}
                        >
                          {p.last_error}
                        </Text>
                      </Stack>
                    ) : (
                      dash
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </HealthSection>
  );
}

/** The outbox by channel: what waits, what went, what failed, and the newest error. */
export function OutboxChannels({ outbox, now }: { outbox: Health['outbox']; now: number }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Channel</Table.Th>
            <NumTh>Waiting</NumTh>
            <Table.Th>Oldest waiting</Table.Th>
            <NumTh>Sent (24 h)</NumTh>
            <NumTh>Failed (24 h)</NumTh>
            <Table.Th>Last sent</Table.Th>
            <Table.Th>Last error</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {outbox.map((c) => (
            <Table.Tr key={c.channel}>
              <Table.Th scope="row">{c.channel === 'sms' ? 'SMS' : 'Email'}</Table.Th>
              <NumTd>{formatCount(c.waiting)}</NumTd>
              <Table.Td>{waited(c.oldest_waiting_seconds)}</Table.Td>
              <NumTd>{formatCount(c.sent_24h)}</NumTd>
              <NumTd>{formatCount(c.failed_24h)}</NumTd>
              <Table.Td>
                <When iso={c.last_sent_at} now={now} />
              </Table.Td>
              <Table.Td>
                {c.last_error ? (
                  <Text size="sm" style={{ wordBreak: 'break-word' }}>
                    #{c.last_error.message_id} ({c.last_error.status}): {c.last_error.text}
                  </Text>
                ) : (
                  dash
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The marketplace inbox by platform, with the way to its retry. */
export function InboxPlatforms({ inbox }: { inbox: Health['inbox'] }) {
  return (
    <HealthSection
      id="health-inbox-title"
      title="Marketplace inbox"
      description="Orders the platforms sent, waiting to be taken or given up. Failed ones are retried from the webhook inbox."
      action={
        <Anchor component={Link} to="/admin-marketplaces" size="sm">
          Open the webhook inbox
        </Anchor>
      }
    >
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Platform</Table.Th>
            <NumTh>Waiting</NumTh>
            <Table.Th>Oldest waiting</Table.Th>
            <NumTh>Failed</NumTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {inbox.map((p) => (
            <Table.Tr key={p.platform}>
              <Table.Th scope="row">{MARKETPLACE_PLATFORMS[p.platform].name}</Table.Th>
              <NumTd>{formatCount(p.pending)}</NumTd>
              <Table.Td>{waited(p.oldest_pending_seconds)}</Table.Td>
              <NumTd>
                <Text
                  span
                  fz="inherit"
                  fw={p.failed > 0 ? 700 : undefined}
                  c={p.failed > 0 ? 'red.9' : undefined}
                >
                  {formatCount(p.failed)}
                </Text>
              </NumTd>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </HealthSection>
  );
}

/** The last reconciliation run and the open payment flags, with the way to Payments. */
export function ReconciliationSummary({
  reconciliation: r,
  now,
}: {
  reconciliation: Health['reconciliation'];
  now: number;
}) {
  return (
    <HealthSection
      id="health-reconciliation-title"
      title="Reconciliation"
      description={`Card payments checked against the orders, every ${r.every_minutes} min.`}
      action={
        <Anchor component={Link} to="/admin-payments" size="sm">
          Open Payments
        </Anchor>
      }
    >
      <Table verticalSpacing="xs">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row" w={200}>
              Last run ended
            </Table.Th>
            <Table.Td>
              <When iso={r.last_finished_at} now={now} />
              {r.last_finished_at === null && ' (no run has finished yet)'}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Result</Table.Th>
            <Table.Td>
              {r.last_finished_at === null ? (
                dash
              ) : r.last_failed ? (
                <Text span c="red.8">
                  Failed: {r.last_error}
                </Text>
              ) : (
                'Completed'
              )}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Payments flagged</Table.Th>
            <Table.Td>{formatCount(r.flags_open)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </HealthSection>
  );
}

/** Kitchen displays open per location, counted across every instance. */
export function KitchenDisplays({ displays, now }: { displays: Health['kitchen_displays']; now: number }) {
  return (
    <HealthSection
      id="health-kitchens-title"
      title="Kitchen displays"
      description={`Kitchen screens connected now, on every instance. A screen not heard from for ${displays.stale_after_seconds} s is not counted.`}
      action={
        <Anchor component={Link} to="/kitchen" size="sm">
          Open the kitchen display
        </Anchor>
      }
    >
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Location</Table.Th>
            <NumTh>Open displays</NumTh>
            <Table.Th>Last heard from</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {displays.locations.map((l) => (
            <Table.Tr key={l.kitchaco ?? 'all'}>
              <Table.Th scope="row">{l.name}</Table.Th>
              <NumTd>
                <Text
                  span
                  fz="inherit"
                  fw={l.open === 0 ? undefined : 600}
                  c={l.open === 0 ? 'dimmed' : undefined}
                >
                  {l.open === 0 ? 'none' : formatCount(l.open)}
                </Text>
              </NumTd>
              <Table.Td>
                <When iso={l.last_seen_at} now={now} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </HealthSection>
  );
}
