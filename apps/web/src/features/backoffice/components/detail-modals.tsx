import type { CsvColumn, DashboardResponse } from '@kitchaco/domain';
import { Alert, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { aud, formatCount, NumTd, NumTh } from '../../../components/amounts';
import { DownloadCsvButton } from '../../../components/download-csv-button';
import { StatCards } from './stat-cards';

type Details = Pick<DashboardResponse, 'uber_details' | 'kitchaco_details' | 'deliveroo_details'>;
type UberOrder = DashboardResponse['uber_details']['orders'][number];
type Channel = DashboardResponse['kitchaco_details']['channels'][number];

const csvMoney = (value: number) => value.toFixed(2);
const INGESTED: Record<NonNullable<UberOrder['ingested_via']>, string> = {
  webhook: 'Live feed',
  csv: 'CSV import',
};

function Unavailable({ reason }: { reason: string | null }) {
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} title="Not available">
      {reason ?? 'These details are not available for the chosen dates.'}
    </Alert>
  );
}

const UBER_COLUMNS: CsvColumn<UberOrder>[] = [
  { header: 'Order #', value: (r) => r.id },
  { header: 'Uber Eats order', value: (r) => r.external_id },
  { header: 'Location', value: (r) => r.kitchaco__location },
  { header: 'Time', value: (r) => r.order_time },
  { header: 'Status', value: (r) => r.status },
  { header: 'Total', value: (r) => csvMoney(r.total) },
  { header: 'Platform fee', value: (r) => csvMoney(r.platform_fee) },
  { header: 'Received by', value: (r) => (r.ingested_via ? INGESTED[r.ingested_via] : null) },
];

function UberEatsDetails({ details, filename }: { details: Details['uber_details']; filename: string }) {
  if (!details.available) return <Unavailable reason={details.reason} />;
  return (
    <Stack>
      <StatCards
        cols={3}
        stats={[
          { label: 'Orders', value: formatCount(details.orders.length) },
          { label: 'Total sales', value: aud(details.total_sales) },
          { label: 'Platform fees', value: aud(details.platform_fees) },
        ]}
      />
      {details.orders.length === 0 ? (
        <Text c="dimmed">No Uber Eats orders on this day.</Text>
      ) : (
        <>
          <Group justify="flex-end">
            <DownloadCsvButton
              columns={UBER_COLUMNS}
              rows={details.orders}
              filename={filename}
              subject="Uber Eats orders"
            />
          </Group>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing={6} striped aria-label="Uber Eats orders">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Order #</Table.Th>
                  <Table.Th>Uber Eats order</Table.Th>
                  <Table.Th>Location</Table.Th>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <NumTh>Total</NumTh>
                  <NumTh>Platform fee</NumTh>
                  <Table.Th>Received by</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {details.orders.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>#{o.id}</Table.Td>
                    <Table.Td>{o.external_id ?? '—'}</Table.Td>
                    <Table.Td>{o.kitchaco__location}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{o.order_time}</Table.Td>
                    <Table.Td>{o.status}</Table.Td>
                    <NumTd>{aud(o.total)}</NumTd>
                    <NumTd>{aud(o.platform_fee)}</NumTd>
                    <Table.Td>{o.ingested_via ? INGESTED[o.ingested_via] : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}

const CHANNEL_COLUMNS: CsvColumn<Channel>[] = [
  { header: 'Channel', value: (r) => r.label },
  { header: 'Orders', value: (r) => r.num_orders },
  { header: 'Sales', value: (r) => csvMoney(r.total_sales) },
  { header: 'Average order', value: (r) => (r.avg_order === null ? null : csvMoney(r.avg_order)) },
  { header: 'Card refunds (included)', value: (r) => csvMoney(r.refunds) },
];

/** Our own channels; sales are net of the card refunds made in the range, shown apart too. */
function KitchacoDetails({ details, filename }: { details: Details['kitchaco_details']; filename: string }) {
  return (
    <Stack>
      <Group justify="flex-end">
        <DownloadCsvButton
          columns={CHANNEL_COLUMNS}
          rows={details.channels}
          filename={filename}
          subject="Kitchaco channels"
        />
      </Group>
      <Table verticalSpacing={6} striped aria-label="Kitchaco channels">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Channel</Table.Th>
            <NumTh>Orders</NumTh>
            <NumTh>Sales</NumTh>
            <NumTh>Average order</NumTh>
            <NumTh>Card refunds (included)</NumTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {details.channels.map((c) => (
            <Table.Tr key={c.channel}>
              <Table.Td>{c.label}</Table.Td>
              <NumTd>{formatCount(c.num_orders)}</NumTd>
              <NumTd>{aud(c.total_sales)}</NumTd>
              <NumTd>{c.avg_order === null ? '—' : aud(c.avg_order)}</NumTd>
              <NumTd>{aud(c.refunds)}</NumTd>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

interface Figure {
  label: string;
  value: number;
  money: boolean;
}
const FIGURE_COLUMNS: CsvColumn<Figure>[] = [
  { header: 'Figure', value: (r) => r.label },
  { header: 'Value', value: (r) => (r.money ? csvMoney(r.value) : r.value) },
];

function DeliverooDetails({
  details,
  filename,
}: {
  details: Details['deliveroo_details'];
  filename: string;
}) {
  if (!details.available) return <Unavailable reason={details.reason} />;
  const figures: Figure[] = [
    { label: 'Total sales', value: details.total_sales, money: true },
    { label: 'Orders', value: details.num_orders, money: false },
    { label: 'Platform fees', value: details.platform_fees, money: true },
    { label: 'Adjustments', value: details.adjustments, money: true },
    { label: 'Net payout', value: details.net_payout, money: true },
  ];
  return (
    <Stack>
      <Group justify="flex-end">
        <DownloadCsvButton
          columns={FIGURE_COLUMNS}
          rows={figures}
          filename={filename}
          subject="Deliveroo figures"
        />
      </Group>
      <Table verticalSpacing={6} striped aria-label="Deliveroo figures">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Figure</Table.Th>
            <NumTh>Value</NumTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {figures.map((f) => (
            <Table.Tr key={f.label}>
              <Table.Td fw={f.label === 'Net payout' ? 700 : undefined}>{f.label}</Table.Td>
              <NumTd fw={f.label === 'Net payout' ? 700 : undefined}>
                {f.money ? aud(f.value) : formatCount(f.value)}
              </NumTd>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        Net payout is the sales less Deliveroo's fees, plus adjustments.
      </Text>
    </Stack>
  );
}

type Which = 'uber' | 'kitchaco' | 'deliveroo';
const TITLES: Record<Which, string> = {
  uber: 'Uber Eats details',
  kitchaco: 'Kitchaco details',
  deliveroo: 'Deliveroo details',
};

/** The three detail buttons of the dashboard and the modal each opens. */
export function DetailModals({
  details,
  filenameOf,
}: {
  details: Details;
  filenameOf: (name: string) => string;
}) {
  // The last modal opened stays chosen while it closes, so its title and content do not vanish mid-way.
  const [which, setWhich] = useState<Which>('uber');
  const [opened, setOpened] = useState(false);
  const show = (next: Which) => {
    setWhich(next);
    setOpened(true);
  };
  const badge = (available: boolean) =>
    available ? null : (
      <Badge size="xs" color="gray.7" variant="filled">
        Not available
      </Badge>
    );
  return (
    <>
      <Group gap="sm" role="group" aria-label="Details by channel">
        <Button
          variant="default"
          onClick={() => show('uber')}
          rightSection={badge(details.uber_details.available)}
        >
          {TITLES.uber}
        </Button>
        <Button variant="default" onClick={() => show('kitchaco')}>
          {TITLES.kitchaco}
        </Button>
        <Button
          variant="default"
          onClick={() => show('deliveroo')}
          rightSection={badge(details.deliveroo_details.available)}
        >
          {TITLES.deliveroo}
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={TITLES[which]}
        size={which === 'uber' ? 'xl' : 'lg'}
        centered
      >
        {which === 'uber' && (
          <UberEatsDetails details={details.uber_details} filename={filenameOf('uber-eats-orders')} />
        )}
        {which === 'kitchaco' && (
          <KitchacoDetails details={details.kitchaco_details} filename={filenameOf('kitchaco-channels')} />
        )}
        {which === 'deliveroo' && (
          <DeliverooDetails details={details.deliveroo_details} filename={filenameOf('deliveroo')} />
        )}
      </Modal>
    </>
  );
}
