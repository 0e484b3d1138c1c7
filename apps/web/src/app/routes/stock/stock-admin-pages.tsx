import '@mantine/dates/styles.css';
import { Alert, Anchor, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LocationSelect } from '../../../components/location-select';
import { ReportFilterBar } from '../../../components/report-filter-bar';
import { usePendingOrders } from '../../../features/stock/api/get-admin-pending';
import { useReviewOrder } from '../../../features/stock/api/get-admin-specific-pending';
import { useAdminStockList } from '../../../features/stock/api/get-admin-stock-list';
import { usePastOrders } from '../../../features/stock/api/get-approved-disapproved';
import { useStockBundles } from '../../../features/stock/api/get-stock-bundles';
import { OrderReview } from '../../../features/stock/components/order-review';
import { PastOrdersTable, PastOrderTotals } from '../../../features/stock/components/past-orders';
import { PendingOrdersTable } from '../../../features/stock/components/pending-orders-table';
import { BUNDLE_LIST_PATH, StockBundleForm } from '../../../features/stock/components/stock-bundle-form';
import { StockBundlesList } from '../../../features/stock/components/stock-bundles-list';
import { StockListEditor } from '../../../features/stock/components/stock-list-editor';
import { useLocations } from '../../../lib/locations';
import { idOfSegment } from '../../../lib/prefixed-paths';
import { useReportFilters } from '../../../lib/report-filters/use-report-filters';
import { Link, useParams, useSearchParams } from '../../../lib/router';
import type { StaffSession } from '../../../lib/session/staff-session';
import { StaffPortalPage } from '../staff/staff-portal-page';
import { STAFF_PORTALS } from '../staff/staff-portals';

/** A stock admin screen (stock admins and super admins); signed out it sends the visitor to /stock-admin. */
function StockAdminScreen({
  children,
  redirect = true,
}: {
  children: (session: StaffSession) => ReactNode;
  redirect?: boolean;
}) {
  return (
    <StaffPortalPage portal={STAFF_PORTALS.stockAdmin} redirectWhenSignedOut={redirect}>
      {children}
    </StaffPortalPage>
  );
}

function Heading({ title, description }: { title: string; description?: string }) {
  return (
    <Stack gap={4}>
      <Title order={2}>{title}</Title>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
}

function Failure({ error }: { error: Error }) {
  return (
    <Alert color="red" variant="light" role="alert">
      {error.message}
    </Alert>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Group justify="center" py="xl">
      <Loader role="status" aria-label={label} />
    </Group>
  );
}

// ---------------------------------------------------------------- /stock-admin

function PendingOrders() {
  const pending = usePendingOrders();
  return (
    <Stack gap="lg">
      <Heading title="Pending orders" description="Stock orders of every location waiting for review." />
      {pending.error && <Failure error={pending.error} />}
      {pending.isPending && <Loading label="Loading pending orders" />}
      {pending.data &&
        (pending.data.length === 0 ? (
          <Paper withBorder p="xl">
            <Text ta="center" c="dimmed">
              No pending stock orders. Every order has been reviewed.
            </Text>
          </Paper>
        ) : (
          <PendingOrdersTable orders={pending.data} />
        ))}
    </Stack>
  );
}

/** `/stock-admin`: the login, then the pending stock orders of all locations. */
export function StockAdminPendingPage() {
  return <StockAdminScreen redirect={false}>{() => <PendingOrders />}</StockAdminScreen>;
}

// ---------------------------------------------------------------- /stock-admin-order-edit:{id}

function ReviewOrderScreen({ orderId }: { orderId: number }) {
  const order = useReviewOrder(orderId);
  if (order.isPending) return <Loading label="Loading the order" />;
  if (order.error) {
    return (
      <Stack>
        <Failure error={order.error} />
        <Anchor component={Link} to="/stock-admin">
          Back to pending orders
        </Anchor>
      </Stack>
    );
  }
  return <OrderReview key={order.data.id} order={order.data} />;
}

/** `/stock-admin-order-edit:{id}`: review one pending order. */
export function StockAdminOrderEditPage() {
  const orderId = idOfSegment(useParams().ref, 'stock-admin-order-edit');
  return (
    <StockAdminScreen>
      {() => (orderId === null ? <Text>Unknown order.</Text> : <ReviewOrderScreen orderId={orderId} />)}
    </StockAdminScreen>
  );
}

// ---------------------------------------------------------------- /stock-admin-approved-orders

function PastOrders() {
  const locations = useLocations('staff');
  const [filters, saveFilters] = useReportFilters();
  const past = usePastOrders(filters);
  return (
    <Stack gap="lg">
      <Heading
        title="Past orders"
        description="Approved and disapproved stock orders by location and date."
      />
      {locations.error && <Failure error={locations.error} />}
      <ReportFilterBar
        key={`${filters.locationId}|${filters.startDate}|${filters.endDate}`}
        locations={locations.data ?? []}
        applied={filters}
        onApply={saveFilters}
        withAll
        startLabel="Approved start date"
        endLabel="Approved end date"
        loading={past.isFetching}
      />
      {past.error && <Failure error={past.error} />}
      {past.isPending && <Loading label="Loading past orders" />}
      {past.data && (
        <>
          <PastOrderTotals totals={past.data} />
          {past.data.data.length === 0 ? (
            <Paper withBorder p="xl">
              <Text ta="center" c="dimmed">
                No approved or disapproved orders in this period.
              </Text>
            </Paper>
          ) : (
            <PastOrdersTable orders={past.data.data} />
          )}
        </>
      )}
    </Stack>
  );
}

export function StockAdminApprovedOrdersPage() {
  return <StockAdminScreen>{() => <PastOrders />}</StockAdminScreen>;
}

// ---------------------------------------------------------------- /stock-admin-stocklist

/** A per-location screen: "All" (0) or an unknown stored id falls back to the first location. */
function useOneLocation() {
  const locations = useLocations('staff');
  const [filters, saveFilters] = useReportFilters();
  const list = locations.data ?? [];
  const locationId = list.some((l) => l.id === filters.locationId) ? filters.locationId : (list[0]?.id ?? 0);
  return { locations, list, locationId, choose: (id: number) => saveFilters({ locationId: id }) };
}

function StockList() {
  const { locations, list, locationId, choose } = useOneLocation();
  const stock = useAdminStockList(locationId);
  return (
    <Stack gap="lg">
      <Heading title="Stock list" />
      <Paper withBorder p="md" bg="var(--mantine-color-blue-light)">
        <Text size="sm">
          Disabled items do not show on the ordering platform. Prices are ex GST; tick Has GST where 10% GST
          applies. Tick Change all locations to apply a row's name, unit, price, flags and status to the item
          of the same name at every location. Only changed rows are saved.
        </Text>
      </Paper>
      {locations.error && <Failure error={locations.error} />}
      <LocationSelect locations={list} value={locationId} onChange={choose} disabled={list.length === 0} />
      {stock.error && <Failure error={stock.error} />}
      {(locations.isPending || (locationId > 0 && stock.isPending)) && (
        <Loading label="Loading the stock list" />
      )}
      {stock.data && (
        <StockListEditor key={locationId} items={stock.data.data} qtyTypes={stock.data.qty_types} />
      )}
    </Stack>
  );
}

export function StockAdminStockListPage() {
  return <StockAdminScreen>{() => <StockList />}</StockAdminScreen>;
}

// ---------------------------------------------------------------- /stock-admin-bundle and its forms

function Bundles({ canEdit }: { canEdit: boolean }) {
  const { locations, list, locationId, choose } = useOneLocation();
  const bundles = useStockBundles(locationId);
  return (
    <Stack gap="lg">
      <Heading
        title="Stock bundles"
        description={
          canEdit
            ? 'The stock used by one unit of each meal. Add, edit or delete the lines of a meal.'
            : 'The stock used by one unit of each meal. Only a super admin can change bundles.'
        }
      />
      {locations.error && <Failure error={locations.error} />}
      <LocationSelect locations={list} value={locationId} onChange={choose} disabled={list.length === 0} />
      {bundles.error && <Failure error={bundles.error} />}
      {(locations.isPending || (locationId > 0 && bundles.isPending)) && (
        <Loading label="Loading stock bundles" />
      )}
      {bundles.data && <StockBundlesList meals={bundles.data.meals} canEdit={canEdit} />}
    </Stack>
  );
}

export function StockAdminBundlePage() {
  return <StockAdminScreen>{(session) => <Bundles canEdit={session.isSuperAdmin} />}</StockAdminScreen>;
}

function SuperAdminOnly({ session, children }: { session: StaffSession; children: ReactNode }) {
  if (session.isSuperAdmin) return children;
  return (
    <Stack>
      <Alert color="yellow" variant="light" role="alert" title="Super admin only">
        Only a super admin can add, edit or delete stock bundle lines.
      </Alert>
      <Anchor component={Link} to={BUNDLE_LIST_PATH}>
        Back to stock bundles
      </Anchor>
    </Stack>
  );
}

function BundleForm({ editing }: { editing: boolean }) {
  const [params] = useSearchParams();
  const { locations, locationId } = useOneLocation();
  const bundles = useStockBundles(locationId);
  const mealId = Number(params.get('meal_id'));
  const mealName = params.get('meal_name') ?? '';
  const line = editing
    ? {
        id: Number(params.get('stock_bundle_id')),
        stockId: Number(params.get('stock_id')),
        qty: Number(params.get('qty')),
      }
    : undefined;
  const valid =
    Number.isInteger(mealId) &&
    mealId > 0 &&
    (!line || (Number.isInteger(line.id) && line.id > 0 && line.stockId > 0 && line.qty > 0));

  if (!valid) {
    return (
      <Stack>
        <Alert color="red" variant="light" role="alert">
          This address is missing the meal or bundle line. Please start from the stock bundles list.
        </Alert>
        <Anchor component={Link} to={BUNDLE_LIST_PATH}>
          Back to stock bundles
        </Anchor>
      </Stack>
    );
  }
  if (locations.error) return <Failure error={locations.error} />;
  if (bundles.error) return <Failure error={bundles.error} />;
  if (!bundles.data) return <Loading label="Loading stock items" />;
  return (
    <StockBundleForm mealId={mealId} mealName={mealName} stockItems={bundles.data.stock_list} line={line} />
  );
}

/** `/stock-admin-stockbundle-add/?meal_id&meal_name` (super admin). */
export function StockBundleAddPage() {
  return (
    <StockAdminScreen>
      {(session) => (
        <SuperAdminOnly session={session}>
          <BundleForm editing={false} />
        </SuperAdminOnly>
      )}
    </StockAdminScreen>
  );
}

/** `/stockbundle-edit?stock_id&qty&meal_id&meal_name&stock_bundle_id` (super admin). */
export function StockBundleEditPage() {
  return (
    <StockAdminScreen>
      {(session) => (
        <SuperAdminOnly session={session}>
          <BundleForm editing />
        </SuperAdminOnly>
      )}
    </StockAdminScreen>
  );
}
