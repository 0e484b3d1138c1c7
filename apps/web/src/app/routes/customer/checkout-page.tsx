import '@mantine/dates/styles.css';
import type { PlaceOrderResponse } from '@kitchaco/domain';
import { formatAUD } from '@kitchaco/domain';
import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { DocumentTitle } from '../../../components/document-title';
import { useCustomerProfile } from '../../../features/auth/api/customer-profile';
import { SignInGate } from '../../../features/auth/components/sign-in-gate';
import { CheckoutForm, type CheckoutFormProps } from '../../../features/checkout/components/checkout-form';
import { rememberPlacedOrder } from '../../../features/checkout/order-storage';
import { homeTabState } from '../../../features/customer-shell/hooks/use-customer-tab';
import { useSelectedLocation } from '../../../features/customer-shell/hooks/use-selected-location';
import { type Cart, cartLines } from '../../../lib/cart/cart';
import { cartStore } from '../../../lib/cart/cart-store';
import { useCart } from '../../../lib/cart/use-cart';
import { CUSTOMER_PATHS } from '../../../lib/customer-paths';
import { Link } from '../../../lib/router';
import type { CustomerSession } from '../../../lib/session/customer-session';

interface Placed {
  result: PlaceOrderResponse;
}

/** `/checkout`: signed-in customers pay for the cart; then the confirmation. */
export function CheckoutPage() {
  const cart = useCart();
  const [placed, setPlaced] = useState<Placed | null>(null);

  const paid = (result: PlaceOrderResponse) => {
    rememberPlacedOrder(result);
    cartStore.clear();
    setPlaced({ result });
  };

  if (placed) return <Confirmation result={placed.result} />;

  return (
    <>
      <DocumentTitle title="Checkout" />
      <SignInGate
        title="Sign in to check out"
        text="Sign in with your mobile number to pay and follow your order. Your cart is kept."
        openAtStart
      >
        {(session) => <SignedInCheckout cart={cart} session={session} onPaid={paid} />}
      </SignInGate>
    </>
  );
}

interface SignedInCheckoutProps {
  cart: Cart;
  session: CustomerSession;
  onPaid: CheckoutFormProps['onPaid'];
}

function SignedInCheckout({ cart, session, onPaid }: SignedInCheckoutProps) {
  const { location, locations } = useSelectedLocation();
  // Who pays, for the bank's check of the buyer; checkout goes on without it.
  const profile = useCustomerProfile(session.userId).data;
  const buyer = profile ? { name: profile.username, email: profile.email, phone: profile.phone } : null;

  if (cartLines(cart).length === 0) {
    return (
      <Stack gap="md" align="flex-start">
        <Title order={1}>Your cart is empty</Title>
        <Text>Add dishes from the restaurants at your pickup location, then check out.</Text>
        <Button component={Link} to={CUSTOMER_PATHS.home} state={homeTabState('restaurants')}>
          Browse restaurants
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Anchor
        component={Link}
        to={CUSTOMER_PATHS.cart}
        fw={600}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
      >
        <IconArrowLeft aria-hidden size={18} />
        Back to cart
      </Anchor>
      <Title order={1}>Checkout</Title>
      {location ? (
        <CheckoutForm cart={cart} location={location} buyer={buyer} onPaid={onPaid} />
      ) : locations.isError ? (
        <Text>The pickup location could not be loaded. Please reload the page.</Text>
      ) : (
        <Skeleton h={400} aria-hidden />
      )}
    </Stack>
  );
}

function Confirmation({ result }: { result: PlaceOrderResponse }) {
  const { order, payment } = result;
  return (
    <Paper withBorder radius="md" p="xl" maw={640} mx="auto" mt="xl">
      <DocumentTitle title={`Order #${order.id} placed`} />
      <Stack gap="md" align="center" ta="center">
        <ThemeIcon size={64} radius="xl" color="green" variant="light">
          <IconCircleCheck aria-hidden size={40} />
        </ThemeIcon>
        <Title order={1}>Thank you! Order #{order.id} is placed</Title>
        <Text size="lg">
          We have received your order at {order.kitchaco.location}. You can follow its status on your orders
          page.
        </Text>
        <Stack gap={4}>
          <Text>
            Order number: <strong>#{order.id}</strong>
          </Text>
          <Text>
            Receipt: <strong>{payment.receipt_number ?? 'not issued'}</strong>
          </Text>
          <Text>
            Total paid: <strong>{formatAUD(payment.total_money.amount * 10)}</strong>
          </Text>
        </Stack>
        <Group>
          <Button component={Link} to={CUSTOMER_PATHS.orders}>
            View your orders
          </Button>
          <Button
            variant="default"
            component={Link}
            to={CUSTOMER_PATHS.home}
            state={homeTabState('restaurants')}
          >
            Order more
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
