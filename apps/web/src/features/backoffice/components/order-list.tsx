import {
  type AdminOrder,
  DEFAULT_ORDER_PAGE_SIZE,
  type KitchacoLocation,
  ORDER_LIST_SOURCES,
  ORDER_SOURCE_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
} from '@kitchaco/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { formatCount } from '../../../components/amounts';
import { ExpandableRows } from '../../../components/expandable-rows';
import { QueryError } from '../../../components/query-state';
import { ReportFilterBar } from '../../../components/report-filter-bar';
import {
  displayDate,
  type ReportFilters,
  sameFilters,
  useReportFilters,
} from '../../../lib/report-filters/use-report-filters';
import { OPERATOR_LOCATION } from '../api/back-office-keys';
import { useExportOrders } from '../api/export-orders';
import { type OrderListSource, type OrdersFilter, useOrders } from '../api/get-orders';
import type { StatusChange } from '../api/update-order-status';
import { type OrderListParams, useOrderListParams } from '../hooks/use-order-list-params';
import { OrderDetails } from './order-details';
import { StatusChangeModal, StatusSelect } from './status-change';

interface OrderListProps {
  /** The super admin's list: the locations of the filter (All first) and the orders' card payments. */
  locations?: readonly KitchacoLocation[];
  /**
   * A status dropdown per order: the super admin's, and an operator's for their own location (the
   * server checks the location). Only the super admin also sees and refunds card payments.
   */
  canChangeStatus?: boolean;
}

const ALL = '';
const STATUS_FILTER = [
  { value: ALL, label: 'All statuses' },
  ...ORDER_STATUSES.map((s) => ({ value: s, label: s })),
];
const SOURCE_FILTER = [
  { value: ALL, label: 'All sources' },
  ...ORDER_LIST_SOURCES.map((s) => ({ value: s, label: ORDER_SOURCE_LABELS[s] })),
];
const COLUMNS = 8;

function StatusBadge({ status }: { status: OrderStatus }) {
  const color = status === 'Canceled' ? 'red' : status === 'Finished' ? 'green' : 'blue';
  return (
    <Badge color={color} variant="light" c="black" style={{ textTransform: 'none' }}>
      {status}
    </Badge>
  );
}

function OrdersTable({
  orders,
  canChangeStatus,
  withPayment,
  onChooseStatus,
}: {
  orders: readonly AdminOrder[];
  canChangeStatus: boolean;
  withPayment: boolean;
  onChooseStatus: (change: StatusChange) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table verticalSpacing="sm" aria-label="Customer orders" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>Details</Table.Th>
            <Table.Th>Order #</Table.Th>
            <Table.Th>Order Date</Table.Th>
            <Table.Th>Order Time</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Customer Name</Table.Th>
            <Table.Th>Payment Receipt Number</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <ExpandableRows
          rows={orders}
          columns={COLUMNS}
          idPrefix="customer-order"
          detailsLabel={(order) => `Details of order #${order.id}`}
          cells={(order) => (
            <>
              <Table.Td fw={600}>#{order.id}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{order.order_date}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{order.order_time}</Table.Td>
              <Table.Td>{order.kitchaco__location}</Table.Td>
              <Table.Td>
                {order.customer_name || (
                  <Text span c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>
                {order.payment_receipt_number || (
                  <Text span c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {canChangeStatus ? (
                  <StatusSelect orderId={order.id} status={order.status} onChoose={onChooseStatus} />
                ) : (
                  <StatusBadge status={order.status} />
                )}
              </Table.Td>
            </>
          )}
          details={(order) => <OrderDetails order={order} withPayment={withPayment} />}
        />
      </Table>
    </Table.ScrollContainer>
  );
}

type OwnFilters = Pick<OrderListParams, 'status' | 'source' | 'search'>;

/**
 * The list's filter bar: the shared location and dates plus status, source and search, all drafts
 * until Apply (the parent remounts it when the applied filters change).
 */
function OrderFilters({
  locations,
  applied,
  params,
  onApply,
  loading,
}: {
  locations?: readonly KitchacoLocation[];
  applied: ReportFilters;
  params: OwnFilters;
  onApply: (next: ReportFilters, own: OwnFilters) => void;
  loading: boolean;
}) {
  const [status, setStatus] = useState<string>(params.status ?? ALL);
  const [source, setSource] = useState<string>(params.source ?? ALL);
  const [search, setSearch] = useState(params.search);
  const own = (): OwnFilters => ({
    status: (status || null) as OrderStatus | null,
    source: (source || null) as OrderListSource | null,
    search: search.trim(),
  });
  return (
    <ReportFilterBar
      locations={locations}
      applied={applied}
      onApply={(next) => onApply(next, own())}
      withAll
      loading={loading}
      label="Order filters"
    >
      <Select
        label="Status"
        data={STATUS_FILTER}
        value={status}
        onChange={(next) => setStatus(next ?? ALL)}
        allowDeselect={false}
        w={160}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Source"
        data={SOURCE_FILTER}
        value={source}
        onChange={(next) => setSource(next ?? ALL)}
        allowDeselect={false}
        w={160}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        label="Search"
        placeholder="Order, name, phone, email"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        leftSection={<IconSearch aria-hidden size={16} />}
        maxLength={80}
        w={220}
      />
    </ReportFilterBar>
  );
}

/**
 * The customer orders of /admin-orders and /operator-admin-orders: location (super admin) and dates
 * kept with every report screen, status, source and search in the address, one page at a time.
 */
export function OrderList({ locations, canChangeStatus = locations !== undefined }: OrderListProps) {
  const superAdmin = locations !== undefined;
  const [stored, saveFilters] = useReportFilters();
  const [params, setParams] = useOrderListParams();
  const locationId = !superAdmin
    ? OPERATOR_LOCATION
    : locations.some((l) => l.id === stored.locationId)
      ? stored.locationId
      : 0;
  const applied: ReportFilters = { ...stored, locationId };
  const filter: OrdersFilter = {
    ...applied,
    status: params.status,
    source: params.source,
    search: params.search,
  };
  const orders = useOrders(filter, params.page);
  const exporter = useExportOrders();
  const [change, setChange] = useState<StatusChange | null>(null);

  const apply = (next: ReportFilters, own: OwnFilters) => {
    const unchanged =
      sameFilters(next, applied) &&
      own.status === params.status &&
      own.source === params.source &&
      own.search === params.search;
    if (unchanged) {
      void orders.refetch();
      return;
    }
    saveFilters(next);
    setParams({ ...own, page: 1 });
  };

  const data = orders.data;
  // The list asks for pages, so the answer has them.
  const pageSize = data?.page_size ?? DEFAULT_ORDER_PAGE_SIZE;
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  const first = data ? ((data.page ?? 1) - 1) * pageSize + 1 : 0;
  const last = data ? first + data.orders_by_location.length - 1 : 0;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>Customer orders</Title>
        <Text c="dimmed">
          Orders of every channel from {displayDate(applied.startDate)} to {displayDate(applied.endDate)},
          newest first.
        </Text>
      </Stack>
      <OrderFilters
        key={`${applied.locationId}|${applied.startDate}|${applied.endDate}|${params.status}|${params.source}|${params.search}`}
        locations={locations}
        applied={applied}
        params={params}
        onApply={apply}
        loading={orders.isFetching}
      />

      {orders.error && <QueryError title="The orders could not be loaded" error={orders.error} />}
      {exporter.error && (
        <Alert color="red" variant="light" role="alert" title="The CSV could not be downloaded">
          {exporter.error.message}
        </Alert>
      )}
      {orders.isPending && (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label="Loading orders" />
        </Group>
      )}
      {data && (
        <Stack gap="md" aria-busy={orders.isFetching}>
          <Group justify="space-between">
            <Group gap="xs">
              <Text role="status" fw={600}>
                {data.total === 0
                  ? 'No orders match these filters.'
                  : data.orders_by_location.length === 0
                    ? `No orders on page ${data.page}; ${formatCount(data.total)} orders in all`
                    : `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(data.total)} orders`}
              </Text>
              {orders.isFetching && <Loader size="xs" role="status" aria-label="Loading orders" />}
            </Group>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconDownload aria-hidden size={16} />}
              onClick={() => exporter.mutate(filter)}
              loading={exporter.isPending}
              disabled={data.total === 0}
              aria-label="Download CSV of customer orders"
            >
              Download CSV
            </Button>
          </Group>
          {data.total > 0 && data.orders_by_location.length === 0 && (
            <Group>
              <Button variant="default" onClick={() => setParams({ page: 1 })}>
                Back to the first page
              </Button>
            </Group>
          )}
          {data.orders_by_location.length > 0 && (
            <Paper withBorder style={orders.isPlaceholderData ? { opacity: 0.6 } : undefined}>
              <OrdersTable
                orders={data.orders_by_location}
                canChangeStatus={canChangeStatus}
                withPayment={superAdmin}
                onChooseStatus={setChange}
              />
            </Paper>
          )}
          {pages > 1 && (
            <Group justify="center" component="nav" aria-label="Order pages">
              <Pagination
                total={pages}
                value={Math.min(params.page, pages)}
                onChange={(page) => setParams({ page })}
                getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
                getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
                siblings={2}
              />
            </Group>
          )}
        </Stack>
      )}
      {canChangeStatus && (
        <StatusChangeModal change={change} onClose={() => setChange(null)} withPayment={superAdmin} />
      )}
    </Stack>
  );
}

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;
