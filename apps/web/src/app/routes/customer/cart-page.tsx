import { formatAUD } from '@kitchaco/domain';
import { Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowRight } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { DocumentTitle } from '../../../components/document-title';
import { CartLines } from '../../../features/cart/components/cart-lines';
import { CravingCard } from '../../../features/cart/components/craving-card';
import { useGoToRestaurants } from '../../../features/customer-shell/hooks/use-customer-tab';
import { cartLines, withoutLine, withQuantity } from '../../../lib/cart/cart';
import { cartStore } from '../../../lib/cart/cart-store';
import { previewSubTotal } from '../../../lib/cart/cart-totals';
import { useCart } from '../../../lib/cart/use-cart';
import { CUSTOMER_PATHS } from '../../../lib/customer-paths';
import { Link } from '../../../lib/router';

/** The Cart tab: lines with quantities, an estimated sub total and the way to checkout. */
export function CartPage() {
  const cart = useCart();
  const lines = cartLines(cart);
  const itemCount = lines.reduce((count, line) => count + line.quantity, 0);
  const goToRestaurants = useGoToRestaurants();
  const hadLines = useRef(lines.length > 0);

  // An empty cart has nothing to show: back to the restaurants.
  useEffect(() => {
    if (lines.length > 0) return;
    notifications.show({
      message: hadLines.current
        ? 'Your cart is empty now.'
        : 'Your cart is empty. Add dishes from a restaurant.',
    });
    goToRestaurants({ replace: true });
  }, [lines.length, goToRestaurants]);

  if (lines.length === 0) return null;

  return (
    <Stack gap="lg">
      <DocumentTitle title="Cart" />
      <Title order={1}>Your cart</Title>
      <Grid gap="xl" align="flex-start">
        <Grid.Col span={8}>
          <CartLines
            lines={lines}
            onQuantity={(key, quantity) =>
              cartStore.update((current) => withQuantity(current, key, quantity))
            }
            onRemove={(key) => cartStore.update((current) => withoutLine(current, key))}
          />
        </Grid.Col>
        <Grid.Col span={4}>
          <Stack gap="lg">
            <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="cart-total-title">
              <Stack gap="sm">
                <Title order={2} fz="h4" id="cart-total-title">
                  Sub total
                </Title>
                <Group justify="space-between">
                  <Text>
                    {itemCount} {itemCount === 1 ? 'item' : 'items'}
                  </Text>
                  <Text fw={700} size="lg">
                    {formatAUD(previewSubTotal(cart))}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed">
                  Delivery, promo codes and the final total are worked out at checkout.
                </Text>
                <Button
                  component={Link}
                  to={CUSTOMER_PATHS.checkout}
                  size="md"
                  rightSection={<IconArrowRight aria-hidden size={18} />}
                >
                  Checkout
                </Button>
              </Stack>
            </Paper>
            <CravingCard onAddMore={() => goToRestaurants()} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
