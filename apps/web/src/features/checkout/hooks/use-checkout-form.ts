import {
  type CartLineInput,
  type CheckoutRequest,
  checkoutRequest,
  type KitchacoLocation,
  type OrderType,
} from '@kitchaco/domain';
import { useForm } from '@mantine/form';
import { useCallback } from 'react';
import type { Cart } from '../../../lib/cart/cart';
import { cartStore } from '../../../lib/cart/cart-store';
import { laterInstant, localDateTime } from '../order-time';

/** What the customer chooses at checkout. */
export interface CheckoutValues {
  orderType: OrderType;
  /** The delivery address. */
  address: string;
  /** Ordering for later rather than as soon as possible. */
  later: boolean;
  date: string | null;
  time: string;
  /** The promo code the server accepted, if any. */
  promo: string | null;
  /** The promo code being typed, before Apply. */
  promoInput: string;
}

export interface CheckoutDraft {
  request: CheckoutRequest | null;
  /** What to fill in before the checkout can be priced. */
  missing: string | null;
  issues?: unknown;
}

const INVALID_CART = 'Your cart cannot be checked out as it is. Please go back to the cart and review it.';

export const saveToCart = (patch: Partial<Cart>) => cartStore.update((cart) => ({ ...cart, ...patch }));

/**
 * The cart's part of a change of the checkout's choices, so a reload finds them again. The promo code
 * is saved with the server's discount where it is applied.
 */
function cartPatch(values: CheckoutValues, previous: CheckoutValues, timeZone: string): Partial<Cart> {
  const patch: Partial<Cart> = {};
  if (values.orderType !== previous.orderType) patch.orderType = values.orderType;
  if (values.address !== previous.address) patch.orderLocation = values.address;
  const orderLater = () => laterInstant(values.date, values.time, timeZone);
  if (values.later !== previous.later) {
    patch.orderLater = values.later ? orderLater() : null;
    patch.orderDate = values.later ? values.date : null;
  } else if (values.date !== previous.date) {
    patch.orderDate = values.date;
    patch.orderLater = orderLater();
  } else if (values.time !== previous.time) {
    patch.orderLater = orderLater();
  }
  return patch;
}

/**
 * The checkout's choices in one form, started from the cart and saved back to it as they change.
 * Errors are set by hand (the server's answers), so a change of one field never clears another's.
 */
export function useCheckoutForm(cart: Cart, timeZone: string) {
  const saved = localDateTime(cart.orderLater, timeZone);
  // Stable, so the form's setters are too (effects list them).
  const onValuesChange = useCallback(
    (values: CheckoutValues, previous: CheckoutValues) => {
      const patch = cartPatch(values, previous, timeZone);
      if (Object.keys(patch).length > 0) saveToCart(patch);
    },
    [timeZone],
  );
  return useForm<CheckoutValues>({
    mode: 'controlled',
    initialValues: {
      orderType: cart.orderType,
      address: cart.orderLocation,
      later: cart.orderLater !== null,
      date: saved?.date ?? cart.orderDate,
      time: saved?.time ?? '',
      promo: cart.promoCode,
      promoInput: '',
    },
    clearInputErrorOnChange: false,
    onValuesChange,
  });
}

/**
 * The request for the checkout's values with a delivery address, checked with the domain's schema,
 * or null with the reason it cannot be priced yet.
 */
export function checkoutDraft(
  values: CheckoutValues,
  deliveryAddress: string,
  location: KitchacoLocation,
  lines: CartLineInput[],
): CheckoutDraft {
  const { orderType, later, promo } = values;
  if (orderType === 'delivery' && deliveryAddress.trim().length < 5) {
    return { request: null, missing: 'Enter the delivery address to see the delivery charge and total.' };
  }
  const orderLater = later ? laterInstant(values.date, values.time, location.time_zone) : null;
  if (later && !orderLater) return { request: null, missing: 'Choose the date and time for your order.' };
  const parsed = checkoutRequest.safeParse({
    kitchaco: location.id,
    order_type: orderType,
    ...(orderType === 'delivery' ? { delivery_location: deliveryAddress.trim() } : {}),
    ...(orderLater ? { order_later: orderLater } : {}),
    ...(promo ? { promo_code: promo } : {}),
    lines,
  });
  if (!parsed.success) return { request: null, missing: INVALID_CART, issues: parsed.error.issues };
  return { request: parsed.data, missing: null };
}
