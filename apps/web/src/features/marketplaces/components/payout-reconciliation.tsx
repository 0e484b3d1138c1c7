import {
  formatAUD,
  formatWireDate,
  MARKETPLACE_PLATFORMS,
  type ReconciledOrderWire,
  type ReconciliationGroup,
  type ReconciliationState,
} from '@kitchaco/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { aud, formatCount, NumTd, NumTh } from '../../../components/amounts';
import { QueryError } from '../../../components/query-state';
import { Link } from '../../../lib/router';
import { useDownloadPayoutReconciliation } from '../api/download-payout-reconciliation';
import { usePayoutReconciliation } from '../api/get-payout-reconciliation';
import { useImportMissingPayoutOrders } from '../api/import-missing-payout-orders';
import { missingOrders, needsAttention, RECONCILIATION_BADGES, stateCounts } from '../lib/payouts';

interface PayoutReconciliationProps {
  /** The fortnight of the invoice grid, as the invoice's selector has it. */
  period: { id: number; start_date: string; end_date: string };
  /** The operator whose locations are reconciled; 0: every location. */
  operatorId: number;
}

const IMPORT_TAB = '/admin-marketplaces?tab=payouts';
/** Orders listed at first, and added by "Show more": a busy fortnight has hundreds. */
const PAGE = 100;

const nowrap = { whiteSpace: 'nowrap' } as const;

const dash = (
  <Text span c="dimmed">
    —
  </Text>
);

const money = (value: number | null) => (value === null ? dash : aud(value));

/** A difference with its sign, in red when there is one: "+$1.50", "-$2.00", "$0.00". */
function Difference({ value }: { value: number }) {
  if (value === 0) return <>{aud(0)}</>;
  return (
    <Text span inherit c="red.9" fw={700}>
      {value > 0 ? '+' : ''}
      {aud(value)}
    </Text>
  );
}

function StateBadge({ state, count }: { state: ReconciliationState; count?: number }) {
  const badge = RECONCILIATION_BADGES[state];
  return (
    <Badge
      color={badge.color}
      variant="light"
      c="dark"
      tt="none"
      // The whole label, never cut to "Missing f…": the column widens instead.
      styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {count === undefined ? badge.label : `${formatCount(count)} ${badge.label.toLowerCase()}`}
    </Badge>
  );
}

/**
 * The fortnight's marketplace orders against the platforms' payout reports, per location and
 * platform: counts per state and the sums, the orders that need attention (or all), the CSV, and
 * the orders a platform paid that our ledger lacks, imported from the report after a confirm.
 */
export function PayoutReconciliation({ period, operatorId }: PayoutReconciliationProps) {
  const request = { sales_invoice_fortnight_period: period.id, external_operator: operatorId };
  const reconciliation = usePayoutReconciliation(request);
  const download = useDownloadPayoutReconciliation();
  const [confirming, setConfirming] = useState(false);
  const data = reconciliation.data;
  const missing = missingOrders(data?.orders ?? []);

  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="marketplace-payouts-title"
      aria-busy={reconciliation.isFetching}
    >
      <Stack gap="md">
        <div>
          <Group justify="space-between" align="center" gap="sm">
            <Title order={3} size="h4" id="marketplace-payouts-title">
              Marketplace payouts
            </Title>
            {data && (
              <Group gap="sm">
                {missing.count > 0 && (
                  <Button
                    leftSection={<IconFileImport aria-hidden size={18} />}
                    onClick={() => setConfirming(true)}
                  >
                    Import {formatCount(missing.count)} missing {missing.count === 1 ? 'order' : 'orders'}
                  </Button>
                )}
                <Button
                  variant="default"
                  leftSection={<IconDownload aria-hidden size={18} />}
                  onClick={() => download.mutate({ request, startDate: period.start_date })}
                  loading={download.isPending}
                  aria-label="Download CSV of the marketplace payouts"
                >
                  Download CSV
                </Button>
              </Group>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            What Uber Eats and DoorDash paid for this fortnight's orders, from their payout reports, against
            our ledger.{' '}
            <Anchor component={Link} to={IMPORT_TAB} inherit underline="always">
              Import a payout report
            </Anchor>
          </Text>
        </div>

        {download.error && (
          <Alert color="red" variant="light" role="alert" title="The CSV could not be downloaded">
            {download.error.message}
          </Alert>
        )}
        {reconciliation.error && !data && (
          <QueryError title="The marketplace payouts could not be loaded" error={reconciliation.error} />
        )}
        {!data && reconciliation.isPending && (
          <Group justify="center" py="lg">
            <Loader role="status" aria-label="Loading the marketplace payouts" />
          </Group>
        )}
        {data &&
          (data.groups.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg" role="status">
              No payout report imported for this fortnight.{' '}
              <Anchor component={Link} to={IMPORT_TAB} inherit underline="always">
                Import the Uber Eats or DoorDash report
              </Anchor>
            </Text>
          ) : (
            <>
              <SummaryTable groups={data.groups} />
              {/* Without any report there is nothing reconciled to list (each row above says so). */}
              {(data.orders.length > 0 || data.groups.some((g) => g.report_imported)) && (
                <OrdersTable key={`${period.id}|${operatorId}`} orders={data.orders} />
              )}
            </>
          ))}
      </Stack>

      <ImportMissingModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        request={request}
        count={missing.count}
        sales={missing.sales}
      />
    </Paper>
  );
}

function SummaryTable({ groups }: { groups: ReconciliationGroup[] }) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="xs" fz="sm" aria-label="Payouts by location and platform">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Location</Table.Th>
            <Table.Th>Platform</Table.Th>
            <Table.Th>Orders</Table.Th>
            <NumTh>Our sales</NumTh>
            <NumTh>Reported sales</NumTh>
            <NumTh>Difference</NumTh>
            <NumTh>Our fees</NumTh>
            <NumTh>Reported fees</NumTh>
            <NumTh>Payout</NumTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((g) => (
            <Table.Tr key={`${g.location_id}-${g.platform}`} style={{ verticalAlign: 'top' }}>
              <Table.Th scope="row" fw={600} style={nowrap}>
                {g.location}
              </Table.Th>
              <Table.Td style={nowrap}>{MARKETPLACE_PLATFORMS[g.platform].name}</Table.Td>
              {g.report_imported ? (
                <>
                  <Table.Td>
                    <Group gap={4}>
                      {stateCounts(g.counts).map(({ state, count }) => (
                        <StateBadge key={state} state={state} count={count} />
                      ))}
                    </Group>
                  </Table.Td>
                  <NumTd>{aud(g.ledger_sales)}</NumTd>
                  <NumTd>{aud(g.reported_sales)}</NumTd>
                  <NumTd>
                    <Difference value={g.sales_difference} />
                  </NumTd>
                  <NumTd>{aud(g.ledger_fees)}</NumTd>
                  <NumTd>{aud(g.reported_fees)}</NumTd>
                  <NumTd fw={600}>{aud(g.payout)}</NumTd>
                </>
              ) : (
                <Table.Td colSpan={7}>
                  <Text size="sm" c="dimmed" span>
                    No payout report imported for this fortnight.{' '}
                  </Text>
                  <Anchor component={Link} to={IMPORT_TAB} size="sm" underline="always">
                    Import the {MARKETPLACE_PLATFORMS[g.platform].name} report
                  </Anchor>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type Shown = 'attention' | 'all';

function OrdersTable({ orders }: { orders: ReconciledOrderWire[] }) {
  const [shown, setShown] = useState<Shown>('attention');
  const [limit, setLimit] = useState(PAGE);
  const attention = needsAttention(orders);
  const list = shown === 'attention' ? attention : orders;
  const rows = list.slice(0, limit);

  return (
    <Stack gap="sm" component="section" aria-labelledby="payout-orders-title">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={4} size="h5" id="payout-orders-title">
          {shown === 'attention' ? 'Orders that need attention' : 'Every order'}
        </Title>
        <SegmentedControl
          aria-label="Orders shown"
          size="xs"
          value={shown}
          onChange={(value) => {
            setShown(value as Shown);
            setLimit(PAGE);
          }}
          data={[
            { value: 'attention', label: `Need attention (${formatCount(attention.length)})` },
            { value: 'all', label: `All orders (${formatCount(orders.length)})` },
          ]}
        />
      </Group>
      {list.length === 0 ? (
        <Text c="dimmed" ta="center" py="md" role="status">
          {shown === 'attention'
            ? 'Every order of this fortnight was paid as our ledger has it.'
            : 'No order to reconcile in this fortnight.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={960}>
          <Table
            striped
            highlightOnHover
            verticalSpacing="xs"
            fz="sm"
            aria-label={shown === 'attention' ? 'Orders that need attention' : 'Every order'}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th miw={220}>Order</Table.Th>
                <Table.Th>State</Table.Th>
                <NumTh>Our total</NumTh>
                <NumTh>Reported sales</NumTh>
                <NumTh>Difference</NumTh>
                <NumTh>Our fee</NumTh>
                <NumTh>Reported fee</NumTh>
                <NumTh>Payout</NumTh>
                <Table.Th>Paid on</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((o) => (
                <Table.Tr key={`${o.platform}-${o.platform_order_id}`}>
                  <Table.Td>
                    <Text ff="monospace" size="xs" style={{ overflowWrap: 'anywhere' }}>
                      {o.platform_order_id}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatWireDate(o.order_date)} · {o.location} · {MARKETPLACE_PLATFORMS[o.platform].name}
                      {o.order_id !== null && ` · order #${o.order_id}`}
                    </Text>
                  </Table.Td>
                  <Table.Td style={nowrap}>
                    <StateBadge state={o.state} />
                    {o.ledger_status === 'Canceled' && (
                      <Text size="xs" c="dimmed">
                        Canceled in our ledger
                      </Text>
                    )}
                  </Table.Td>
                  <NumTd>{money(o.ledger_total)}</NumTd>
                  <NumTd>{money(o.reported_sales)}</NumTd>
                  <NumTd>
                    {o.ledger_total === null || o.reported_sales === null ? (
                      dash
                    ) : (
                      <Difference value={o.sales_difference} />
                    )}
                  </NumTd>
                  <NumTd>{money(o.ledger_fee)}</NumTd>
                  <NumTd>
                    {o.state === 'fee_differs' && o.reported_fee !== null ? (
                      <Text span inherit c="red.9" fw={700}>
                        {aud(o.reported_fee)}
                      </Text>
                    ) : (
                      money(o.reported_fee)
                    )}
                  </NumTd>
                  <NumTd>{money(o.payout)}</NumTd>
                  <Table.Td style={nowrap}>
                    {o.payout_dates.length === 0
                      ? dash
                      : o.payout_dates.map((d) => (
                          <Text key={d} size="sm">
                            {formatWireDate(d)}
                          </Text>
                        ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.length > rows.length && (
        <Group justify="center">
          <Button variant="default" onClick={() => setLimit((n) => n + PAGE)}>
            Show {formatCount(Math.min(PAGE, list.length - rows.length))} more of{' '}
            {formatCount(list.length - rows.length)}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

interface ImportMissingModalProps {
  opened: boolean;
  onClose: () => void;
  request: { sales_invoice_fortnight_period: number; external_operator: number };
  count: number;
  /** Their reported sales, in mills. */
  sales: number;
}

/** The confirm before the missing orders are written to the ledger from the payout reports. */
function ImportMissingModal({ opened, onClose, request, count, sales }: ImportMissingModalProps) {
  const importMissing = useImportMissingPayoutOrders();
  const close = () => {
    importMissing.reset();
    onClose();
  };
  const confirm = () =>
    importMissing.mutate(request, {
      onSuccess: (done) => {
        notifications.show({
          color: 'green',
          message: `${formatCount(done.imported)} missing ${done.imported === 1 ? 'order' : 'orders'} imported to the ledger, ${aud(done.total_sales)}.${
            done.skipped > 0 ? ` ${formatCount(done.skipped)} no longer missing skipped.` : ''
          }`,
        });
        close();
      },
    });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Import the missing orders"
      centered
      closeOnClickOutside={!importMissing.isPending}
      closeOnEscape={!importMissing.isPending}
    >
      <Stack>
        <Text>
          {formatCount(count)} {count === 1 ? 'order' : 'orders'} that the platforms paid ({formatAUD(sales)}{' '}
          in sales) {count === 1 ? 'is' : 'are'} not in our ledger. {count === 1 ? 'It' : 'Each'} is written
          from the payout report as one summary line with its sales and fee, at noon on its order date.
        </Text>
        <Text size="sm" c="dimmed">
          An invoice already approved keeps its approved figures until it is approved again.
        </Text>
        {importMissing.error && (
          <Alert color="red" variant="light" role="alert" title="The orders were not imported">
            {importMissing.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={importMissing.isPending}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={importMissing.isPending} data-autofocus>
            Yes, import {count === 1 ? 'it' : 'them'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
