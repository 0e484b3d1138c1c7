import type { KitchacoLocation } from '@kitchaco/domain';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback } from 'react';
import { cartLines } from '../../../lib/cart/cart';
import { cartStore } from '../../../lib/cart/cart-store';
import { changeSelectedLocation } from '../../../lib/selected-location';

export interface ChangeLocationOptions {
  /** Ask even when the cart is empty (the header dropdown always asks). */
  alwaysConfirm?: boolean;
  /** Runs after the change (or at once when `next` is already the selected location). */
  onChanged?: () => void;
}

/**
 * Selects another pickup location. The cart and order data belong to a location, so they are dropped,
 * after a confirmation when the cart holds anything.
 */
export function useChangeLocation(currentId: number | undefined) {
  return useCallback(
    (next: KitchacoLocation, { alwaysConfirm = false, onChanged }: ChangeLocationOptions = {}) => {
      if (next.id === currentId) {
        onChanged?.();
        return;
      }
      const change = () => {
        changeSelectedLocation(next.id);
        onChanged?.();
      };
      const confirm = () =>
        modals.openConfirmModal({
          title: 'Change pickup location?',
          children: (
            <Text size="sm">
              Switching to {next.name} ({next.location}) empties your cart, because each location has its own
              restaurants.
            </Text>
          ),
          labels: { confirm: 'Change location', cancel: 'Keep current location' },
          onConfirm: change,
        });
      if (alwaysConfirm) {
        confirm();
        return;
      }
      // Whether the cart is empty is known once the stored cart has been read (lib/cart/cart-store.ts).
      cartStore.ready().then(
        () => (cartLines(cartStore.get()).length === 0 ? change() : confirm()),
        () => confirm(),
      );
    },
    [currentId],
  );
}
