import type { MenuMeal } from '@kitchaco/domain';
import { Alert, Anchor, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../api';
import { DocumentTitle } from '../../../components/document-title';
import { homeTabState } from '../../../features/customer-shell/hooks/use-customer-tab';
import { useSelectedLocation } from '../../../features/customer-shell/hooks/use-selected-location';
import { useVendorMenu } from '../../../features/vendors/api/vendors';
import { MealModal } from '../../../features/vendors/components/meal-modal';
import { MenuSections } from '../../../features/vendors/components/menu-sections';
import { VendorHeader } from '../../../features/vendors/components/vendor-header';
import { brandOpenness, isSoldOut } from '../../../features/vendors/lib/availability';
import { addBlockedReason, type NewCartLine, withLineAdded } from '../../../lib/cart/cart';
import { cartStore } from '../../../lib/cart/cart-store';
import { useCart } from '../../../lib/cart/use-cart';
import { CUSTOMER_PATHS, vendorIdFromSegment } from '../../../lib/customer-paths';
import { Link, useParams } from '../../../lib/router';

function BackToRestaurants() {
  return (
    <Anchor
      component={Link}
      to={CUSTOMER_PATHS.home}
      state={homeTabState('restaurants')}
      fw={600}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
    >
      <IconArrowLeft aria-hidden size={18} />
      All restaurants
    </Anchor>
  );
}

/** `/vendor:{id}`: a brand and its menu; choosing a dish opens its options and adds it to the cart. */
export function VendorPage() {
  // The router only renders this page for a `vendor:{id}` segment.
  const vendorId = vendorIdFromSegment(useParams().ref) ?? 0;
  const menu = useVendorMenu(vendorId);
  const { location } = useSelectedLocation();
  const cart = useCart();
  const [meal, setMeal] = useState<MenuMeal | null>(null);
  const [opened, setOpened] = useState(false);
  const [openCount, setOpenCount] = useState(0);

  useEffect(() => {
    if (menu.error && !isApiError(menu.error, 404)) console.warn('Could not load the menu', menu.error);
  }, [menu.error]);

  if (menu.isPending) {
    return (
      <Stack gap="lg" role="status" aria-label="Loading the menu">
        <Skeleton h={170} radius="md" />
        <Skeleton h={24} w={200} />
        <Skeleton h={240} radius="md" />
      </Stack>
    );
  }

  if (menu.isError) {
    const missing = isApiError(menu.error, 404);
    return (
      <Stack gap="md" align="flex-start" maw={640}>
        <DocumentTitle title={missing ? 'Restaurant not found' : 'Menu unavailable'} />
        <Title order={1}>{missing ? 'Restaurant not found' : 'The menu could not be loaded'}</Title>
        <Text>
          {missing
            ? 'This restaurant does not exist or is not taking orders any more.'
            : 'Check your connection and try again.'}
        </Text>
        {!missing && (
          <Button variant="light" onClick={() => menu.refetch()} loading={menu.isFetching}>
            Try again
          </Button>
        )}
        <BackToRestaurants />
      </Stack>
    );
  }

  const { vendor, meals } = menu.data;
  const otherLocation =
    location && vendor.kitchaco.id !== location.id
      ? `${vendor.title} is at ${vendor.kitchaco.location}. Your pickup location is ${location.name}: change location to order from it.`
      : null;
  const blockedReason = otherLocation ?? addBlockedReason(cart, vendor.kitchaco.id);
  const now = new Date();
  const closed = brandOpenness(vendor.schedule, now);
  const soldOut = meal !== null && isSoldOut(meal, now) ? `${meal.meal_name} is sold out for now.` : null;

  const add = (line: NewCartLine) => {
    if (blockedReason) return;
    cartStore.update((current) => withLineAdded(current, vendor.kitchaco.id, line));
    setOpened(false);
    notifications.show({
      color: 'green',
      message: `${line.quantity} × ${line.name} added to your cart.`,
    });
  };

  return (
    <Stack gap="xl">
      <DocumentTitle title={vendor.title} />
      <BackToRestaurants />
      <VendorHeader vendor={vendor} />
      {!closed.open && (
        <Alert color="gray" variant="light" title={`${vendor.title} is closed now`}>
          {closed.label}. You can still order for later: choose a pickup time at checkout.
        </Alert>
      )}
      {otherLocation && (
        <Alert color="orange" variant="light">
          {otherLocation}
        </Alert>
      )}
      <MenuSections
        meals={meals}
        onChoose={(chosen) => {
          setMeal(chosen);
          setOpenCount((count) => count + 1);
          setOpened(true);
        }}
      />
      <MealModal
        meal={meal}
        opened={opened}
        openCount={openCount}
        vendor={vendor}
        onClose={() => setOpened(false)}
        onAdd={add}
        blockedReason={soldOut ?? blockedReason}
      />
    </Stack>
  );
}
