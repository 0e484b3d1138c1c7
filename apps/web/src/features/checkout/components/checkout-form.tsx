import {
  formatAUD,
  type KitchacoLocation,
  type OrderType,
  type PlaceOrderRequest,
  type PlaceOrderResponse,
  toMills,
} from '@kitchaco/domain';
import { Alert, Button, Center, Grid, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, messageForField } from '../../../api';
import type { Cart } from '../../../lib/cart/cart';
import { cartStore } from '../../../lib/cart/cart-store';
import { checkoutLines } from '../../../lib/cart/cart-totals';
import { usePaymentsConfig } from '../api/payments-config';
import { usePlaceOrder } from '../api/place-order';
import { useQuote, useTryQuote } from '../api/quote';
import { checkoutDraft, saveToCart, useCheckoutForm } from '../hooks/use-checkout-form';
import { newIdempotencyKey } from '../idempotency-key';
import { rememberPaymentError } from '../order-storage';
import { localDateTime, orderDateRange } from '../order-time';
import { CARD_FORM_LOADING, paymentFailure, type TokenizeFailure } from '../payments/payment-errors';
import { type Buyer, chargeVerification } from '../payments/verification';
import { KitchenFull } from './kitchen-full';
import { OrderTypeFields } from './order-type-fields';
import { PaymentForm, type PaymentFormHandle, type PaymentProblem } from './payment-form';
import { PriceSummary } from './price-summary';
import { PromoField } from './promo-field';
import { TestPaymentsBanner } from './test-payments-banner';
import { WhenFields } from './when-fields';

export interface CheckoutFormProps {
  cart: Cart;
  location: KitchacoLocation;
  /** Who pays: helps the bank verify the buyer (3-D Secure) without a challenge. */
  buyer: Buyer | null;
  onPaid: (result: PlaceOrderResponse) => void;
}

/**
 * One payment attempt: its Idempotency-Key and the exact request, card token included. Trying the
 * same attempt again (no answer came) sends both unchanged, so the card is charged once at most; a
 * changed order, or a refusal, makes the next Pay a new attempt with a new token and a new key.
 */
interface Attempt {
  key: string;
  /** The checkout part, serialised: the order the token was made for. */
  checkout: string;
  body: PlaceOrderRequest;
}

/**
 * Checkout: pickup or delivery, now or later, a promo code and the card. Every figure on screen is
 * the server's quote of exactly what is being ordered; paying sends the same request.
 */
export function CheckoutForm({ cart, location, buyer, onPaid }: CheckoutFormProps) {
  const timeZone = location.time_zone;
  const form = useCheckoutForm(cart, timeZone);
  const values = form.getValues();
  const { orderType, address, later, date, time, promo } = values;
  const promoError = form.errors.promo ?? null;
  const setPromoError = (message: string | null) =>
    message === null ? form.clearFieldError('promo') : form.setFieldError('promo', message);
  const [problem, setProblem] = useState<PaymentProblem | null>(null);
  const [paying, setPaying] = useState(false);
  const [debouncedAddress] = useDebouncedValue(address, 400);
  const attempt = useRef<Attempt | null>(null);
  // Set at once on the first click: a double click arrives before the button re-renders as disabled.
  const inFlight = useRef(false);
  const paymentForm = useRef<PaymentFormHandle>(null);
  const problems = useRef(0);
  const tryQuote = useTryQuote();
  const place = usePlaceOrder();
  const payments = usePaymentsConfig(location.id);
  const range = useMemo(() => orderDateRange(new Date(), timeZone), [timeZone]);

  const lines = useMemo(() => checkoutLines(cart), [cart]);

  /** The request for a delivery address, or null with the reason it cannot be priced yet. */
  const requestFor = (deliveryAddress: string) => checkoutDraft(values, deliveryAddress, location, lines);
  // Typing an address asks for a new quote once the typing pauses.
  const draft = requestFor(debouncedAddress);

  // Logged once per problem, not on every render.
  const invalidCart = draft.issues ? JSON.stringify(draft.issues) : null;
  useEffect(() => {
    if (invalidCart) console.warn('The cart does not make a valid checkout', invalidCart);
  }, [invalidCart]);

  const quote = useQuote(draft.request);
  const quoteError = quote.isError && quote.error instanceof ApiError ? quote.error : null;
  const fieldError = (field: string) => (quoteError?.field === field ? messageForField(quoteError) : null);
  const current = quote.isSuccess && !quote.isPlaceholderData ? quote.data : undefined;
  const settled = address === debouncedAddress;

  // A code the server no longer accepts is taken off, with its reason at the field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per new refusal; the form's setters change with its errors.
  useEffect(() => {
    if (quoteError?.field === 'promo_code') {
      form.setFieldValue('promo', null);
      form.setFieldError('promo', messageForField(quoteError));
      saveToCart({ promoCode: null, discount: 0 });
    }
  }, [quoteError]);

  // The cart keeps the last quote's delivery charge, promo and discount (spec's cart fields).
  useEffect(() => {
    if (!current) return;
    const { deliveryCharges, promoCode, discount } = cartStore.get();
    if (
      deliveryCharges !== current.delivery_charge ||
      promoCode !== current.promo_code ||
      discount !== current.discount
    ) {
      saveToCart({
        deliveryCharges: current.delivery_charge,
        promoCode: current.promo_code,
        discount: current.discount,
      });
    }
  }, [current]);

  // Each change is saved to the cart by the form (use-checkout-form.ts).
  const chooseOrderType = (value: OrderType) => form.setFieldValue('orderType', value);
  const changeAddress = (value: string) => form.setFieldValue('address', value);
  const chooseLater = (value: boolean) =>
    form.setValues({ later: value, date: value ? (date ?? range.min) : date });
  const changeDate = (value: string | null) => form.setFieldValue('date', value);
  const changeTime = (value: string) => form.setFieldValue('time', value);

  /** A pickup time offered when the kitchen is full: ordering later, at that time. */
  const chooseSlot = (slot: string) => {
    const local = localDateTime(slot, timeZone);
    if (!local) return;
    form.setValues({ later: true, date: local.date, time: local.time });
  };

  const applyPromo = (code: string) => {
    const { request, missing } = requestFor(address);
    if (!request) {
      setPromoError(`${missing} Then apply the code.`);
      return;
    }
    setPromoError(null);
    tryQuote.mutate(
      { ...request, promo_code: code },
      {
        onSuccess: (result) => {
          form.setFieldValue('promo', result.promo_code ?? code);
          saveToCart({ promoCode: result.promo_code ?? code, discount: result.discount });
        },
        onError: (error) => {
          console.warn('The promo code was not accepted', error);
          if (error instanceof ApiError && error.field === 'promo_code')
            setPromoError(messageForField(error));
          else if (error instanceof ApiError && error.status < 500) {
            setPromoError(`Fix your order first: ${messageForField(error)}`);
          } else setPromoError('The promo code could not be checked. Please try again.');
        },
      },
    );
  };
  const removePromo = () => {
    form.setFieldValue('promo', null);
    setPromoError(null);
    saveToCart({ promoCode: null, discount: 0 });
  };

  const showProblem = (failure: TokenizeFailure) => {
    problems.current += 1;
    setProblem({ key: problems.current, ...failure });
  };

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    // Pay only for what the summary shows: an address still being typed is priced first.
    if (inFlight.current || !draft.request || !current || !settled) return;
    inFlight.current = true;
    setPaying(true);
    setProblem(null);
    const done = () => {
      inFlight.current = false;
      setPaying(false);
    };

    const checkout = JSON.stringify(draft.request);
    let next = attempt.current;
    if (next?.checkout !== checkout) {
      const form = paymentForm.current;
      const tokenized =
        form && payments.data
          ? await form.tokenize(chargeVerification(current.total, buyer, payments.data))
          : { ok: false as const, failure: { message: CARD_FORM_LOADING, field: null } };
      if (!tokenized.ok) {
        showProblem(tokenized.failure);
        done();
        return;
      }
      next = {
        key: newIdempotencyKey(),
        checkout,
        body: { checkout: draft.request, payment: tokenized.payment },
      };
      attempt.current = next;
    }
    place.mutate(
      { body: next.body, idempotencyKey: next.key },
      {
        onSettled: done,
        onSuccess: (result) => {
          attempt.current = null;
          onPaid(result);
        },
        onError: (error) => {
          console.warn('Payment failed', error);
          const failure = paymentFailure(error);
          // A refused request keeps its answer under the key; the next try is a new attempt.
          if (failure.definitive) attempt.current = null;
          if (failure.declined) rememberPaymentError(failure.message);
          showProblem({ message: failure.message, field: null });
        },
      },
    );
  };

  const otherQuoteError =
    quoteError && !['order_later', 'delivery_location', 'promo_code'].includes(quoteError.field ?? '')
      ? messageForField(quoteError)
      : null;
  const notice = draft.missing ? (
    <Text>{draft.missing}</Text>
  ) : quoteError && !otherQuoteError ? (
    <Text>Fix the highlighted field to see the prices.</Text>
  ) : otherQuoteError ? (
    <Alert color="red" variant="light" title="This order cannot be priced">
      {otherQuoteError}
    </Alert>
  ) : quote.isError && !quoteError ? (
    <Alert color="red" variant="light">
      The prices could not be loaded. Check your connection; we will try again when you change anything.
    </Alert>
  ) : quote.isPending ? (
    <Text role="status">Getting the prices…</Text>
  ) : null;

  // The form waits for the payments settings (a small read, cached for half an hour): in test mode
  // they add a banner above it, which arriving later would push the whole form down under a finger.
  if (payments.isPending) {
    return (
      <Center mih={320} role="status">
        <Loader />
        <VisuallyHidden>Loading the checkout</VisuallyHidden>
      </Center>
    );
  }

  return (
    <form onSubmit={pay} noValidate aria-label="Checkout">
      {payments.data && <TestPaymentsBanner config={payments.data} />}
      <Grid gap="xl" align="flex-start" mt={payments.data?.test_mode ? 'lg' : 0}>
        <Grid.Col span={7}>
          <Stack gap="lg">
            <OrderTypeFields
              location={location}
              orderType={orderType}
              onOrderType={chooseOrderType}
              address={address}
              onAddress={changeAddress}
              addressError={fieldError('delivery_location')}
              disabled={paying}
            />
            <WhenFields
              later={later}
              onLater={chooseLater}
              date={date}
              onDate={changeDate}
              time={time}
              onTime={changeTime}
              range={range}
              locationName={location.name}
              error={fieldError('order_later')}
              disabled={paying}
            />
            {current?.kitchen_full && (
              <KitchenFull
                slots={current.slots ?? []}
                timeZone={timeZone}
                onChoose={chooseSlot}
                disabled={paying}
              />
            )}
            <PromoField
              applied={promo}
              code={values.promoInput}
              onCode={(value) => form.setFieldValue('promoInput', value)}
              onApply={applyPromo}
              onRemove={removePromo}
              checking={tryQuote.isPending}
              error={promoError}
              disabled={paying}
            />
            <PaymentForm
              ref={paymentForm}
              config={payments.data}
              configFailed={payments.isError}
              onRetryConfig={() => void payments.refetch()}
              problem={problem}
              disabled={paying}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={5}>
          <Stack gap="md" pos="sticky" top={140}>
            <PriceSummary
              // Nothing to price yet (an address to fill in): no figures rather than the last ones.
              quote={draft.request ? quote.data : undefined}
              updating={quote.isPlaceholderData && quote.isFetching}
              notice={notice}
              timeZone={timeZone}
              asap={!later}
              orderType={orderType}
            />
            <Button
              type="submit"
              size="lg"
              leftSection={<IconLock aria-hidden size={20} />}
              loading={paying}
              disabled={!current || !settled || paying || current.kitchen_full === true}
            >
              {current ? `Pay ${formatAUD(toMills(current.total))}` : 'Pay'}
            </Button>
            <Text size="sm" c="dimmed" ta="center">
              Your card is charged once, when you pay.
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
    </form>
  );
}
