import { type CustomerOrder, DEFAULT_TIME_ZONE, type OrderStatusEvent } from '@kitchaco/domain';
import { Badge, Button, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { DocumentTitle } from '../../../components/document-title';
import { QueryRetry } from '../../../components/query-state';
import { SignInGate } from '../../../features/auth/components/sign-in-gate';
import { homeTabState } from '../../../features/customer-shell/hooks/use-customer-tab';
import { useOrders } from '../../../features/orders/api/orders';
import { OrderCard } from '../../../features/orders/components/order-card';
import { useOrderEvents } from '../../../features/orders/hooks/use-order-events';
import { CUSTOMER_PATHS } from '../../../lib/customer-paths';
import { formatLocalInstant } from '../../../lib/local-time';
import { useLocations } from '../../../lib/locations';
import { Link } from '../../../lib/router';

/** Orders shown at first; older ones come in pages of the same size. */
const PAGE_SIZE = 10;

const LIVE_LABELS = {
  connecting: { text: 'Connecting for live updates', color: 'gray' },
  live: { text: 'Status updates live', color: 'green' },
  reconnecting: { text: 'Reconnecting…', color: 'orange' },
} as const;

/** `/orders`: the customer's orders, newest first, with their status kept live. */
export function OrdersPage() {
  return (
    <>
      <DocumentTitle title="Your orders" />
      <SignInGate
        title="Your orders"
        text="Sign in with your mobile number to see your orders and follow them live."
      >
        {(session) => <SignedInOrders session={session} />}
      </SignInGate>
    </>
  );
}

function SignedInOrders({ session }: { session: { token: string; userId: number } }) {
  const orders = useOrders(session.userId);
  const locations = useLocations('customer');
  const [announcement, setAnnouncement] = useState('');
  const [shown, setShown] = useState(PAGE_SIZE);
  const live = useOrderEvents(
    session,
    useCallback(
      (event: OrderStatusEvent) => setAnnouncement(`Order #${event.order_id} is now ${event.status}`),
      [],
    ),
  );

  useEffect(() => {
    if (orders.error) console.warn('Could not load the orders', orders.error);
  }, [orders.error]);

  const formatScheduled = useCallback(
    (order: CustomerOrder) => {
      if (!order.order_later) return null;
      const timeZone =
        locations.data?.find((l) => l.id === order.kitchaco.id)?.time_zone ?? DEFAULT_TIME_ZONE;
      return formatLocalInstant(order.order_later, timeZone);
    },
    [locations.data],
  );

  const label = LIVE_LABELS[live];

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="center">
        <Title order={1}>Your orders</Title>
        <Badge variant="dot" color={label.color} size="lg" tt="none" c="dark.7">
          {label.text}
        </Badge>
      </Group>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic>
        {announcement}
      </VisuallyHidden>
      {orders.isPending && (
        <Stack gap="md" aria-hidden>
          <Skeleton h={220} radius="md" />
          <Skeleton h={220} radius="md" />
        </Stack>
      )}
      {orders.isError && (
        <QueryRetry
          message="Your orders could not be loaded."
          onRetry={() => orders.refetch()}
          retrying={orders.isFetching}
        />
      )}
      {orders.data?.length === 0 && (
        <Stack gap="sm" align="flex-start">
          <Text>You have not ordered yet.</Text>
          <Button component={Link} to={CUSTOMER_PATHS.home} state={homeTabState('restaurants')}>
            Browse restaurants
          </Button>
        </Stack>
      )}
      {orders.data?.slice(0, shown).map((order) => (
        <OrderCard key={order.id} order={order} formatScheduled={formatScheduled} />
      ))}
      {orders.data && orders.data.length > shown && (
        <Button
          variant="default"
          onClick={() => setShown((count) => count + PAGE_SIZE)}
          style={{ alignSelf: 'center' }}
        >
          Show older orders ({orders.data.length - shown} more)
        </Button>
      )}
    </Stack>
  );
}
