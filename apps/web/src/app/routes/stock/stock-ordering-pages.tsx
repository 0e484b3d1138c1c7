import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useStockOrder } from '../../../features/stock/api/stock-orders';
import { StockOrderForm } from '../../../features/stock/components/stock-order-form';
import { StockOrderHistory } from '../../../features/stock/components/stock-order-history';
import { idOfSegment, type PrefixedPage, prefixedPath } from '../../../lib/prefixed-paths';
import { Navigate, useParams } from '../../../lib/router';
import type { StaffSession } from '../../../lib/session/staff-session';
import { StaffPortalPage } from '../staff/staff-portal-page';
import { STAFF_PORTALS, type StaffPortal } from '../staff/staff-portals';

/** The stock user's and the operator's stock ordering: the same screens under two portals. */
interface Variant {
  portal: StaffPortal;
  newOrder: string;
  history: string;
  edit: PrefixedPage;
}

const STOCK_USER: Variant = {
  portal: STAFF_PORTALS.stock,
  newOrder: '/stock',
  history: '/stock-orders',
  edit: 'stock-order-edit',
};
const OPERATOR: Variant = {
  portal: STAFF_PORTALS.operatorAdmin,
  newOrder: '/operator-admin-stock',
  history: '/operator-stock-orders',
  edit: 'operator-stock-order-edit',
};

function withLocation(session: StaffSession, render: (locationId: number) => React.ReactNode) {
  if (session.locationId === null) return <Text>Your account has no location to order stock for.</Text>;
  return render(session.locationId);
}

function NewOrder({ variant, redirect }: { variant: Variant; redirect: boolean }) {
  return (
    <StaffPortalPage portal={variant.portal} redirectWhenSignedOut={redirect}>
      {(session) =>
        withLocation(session, (locationId) => (
          <StockOrderForm locationId={locationId} historyPath={variant.history} />
        ))
      }
    </StaffPortalPage>
  );
}

function History({ variant }: { variant: Variant }) {
  return (
    <StaffPortalPage portal={variant.portal} redirectWhenSignedOut>
      {(session) =>
        withLocation(session, (locationId) => (
          <StockOrderHistory locationId={locationId} editPath={(id) => prefixedPath(variant.edit, id)} />
        ))
      }
    </StaffPortalPage>
  );
}

/** Sends the user back to the history with the reason, when the order cannot be edited now. */
function NotEditable({ reason, to }: { reason: string; to: string }) {
  useEffect(() => {
    notifications.show({ color: 'orange', message: reason });
  }, [reason]);
  return <Navigate to={to} replace />;
}

function EditOrder({ variant }: { variant: Variant }) {
  const orderId = idOfSegment(useParams().ref, variant.edit) ?? 0;
  const order = useStockOrder(orderId);
  return (
    <StaffPortalPage portal={variant.portal} redirectWhenSignedOut>
      {(session) => {
        if (order.isPending) return <Text>Loading the order…</Text>;
        if (order.error || !order.data) {
          return (
            <NotEditable
              reason={order.error?.message ?? 'This stock order does not exist.'}
              to={variant.history}
            />
          );
        }
        if (!order.data.can_edit) {
          return (
            <NotEditable
              reason={order.data.edit_blocked_reason ?? 'This order can no longer be edited.'}
              to={variant.history}
            />
          );
        }
        const current = order.data;
        return withLocation(session, (locationId) => (
          <StockOrderForm
            key={current.id}
            locationId={locationId}
            order={current}
            historyPath={variant.history}
          />
        ));
      }}
    </StaffPortalPage>
  );
}

/** `/stock`: the stock user's login, then a new stock order. */
export const StockHomePage = () => <NewOrder variant={STOCK_USER} redirect={false} />;
export const StockOrdersPage = () => <History variant={STOCK_USER} />;
export const StockOrderEditPage = () => <EditOrder variant={STOCK_USER} />;
/** `/operator-admin-stock`: the operator orders stock for their location. */
export const OperatorStockPage = () => <NewOrder variant={OPERATOR} redirect />;
export const OperatorStockOrdersPage = () => <History variant={OPERATOR} />;
export const OperatorStockOrderEditPage = () => <EditOrder variant={OPERATOR} />;
