import type { PaymentInput, PaymentsConfig } from '@kitchaco/domain';
import { Alert, Box, Button, Fieldset, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { loadSquareSdk } from '../payments/load-square-sdk';
import {
  CARD_FORM_FAILED,
  CARD_FORM_LOADING,
  CARD_NOT_CHECKED,
  type TokenizeFailure,
  tokenizeFailure,
} from '../payments/payment-errors';
import type { Card, CardField, ChargeVerificationDetails, Payments } from '../payments/web-payments-sdk';

/** What Pay gets from the card form: the payment's source, or why there is none. */
export type TokenizeOutcome = { ok: true; payment: PaymentInput } | { ok: false; failure: TokenizeFailure };

export interface PaymentFormHandle {
  /**
   * Turns the card into a one-time token, verifying the buyer with their bank when Square asks
   * for it (3-D Secure, inside `tokenize`: https://developer.squareup.com/docs/web-payments/sca).
   */
  tokenize(details: ChargeVerificationDetails): Promise<TokenizeOutcome>;
}

/** A problem to show at the card form; `key` changes with each new one, so focus moves each time. */
export interface PaymentProblem {
  key: number;
  message: string;
  /** A field of the card form to correct, focused; none: the message itself gets the focus. */
  field: CardField | null;
}

interface PaymentFormProps {
  ref?: Ref<PaymentFormHandle>;
  config: PaymentsConfig | undefined;
  /** The payments settings could not be loaded. */
  configFailed: boolean;
  onRetryConfig: () => void;
  problem: PaymentProblem | null;
  disabled: boolean;
}

type Status = 'loading' | 'ready' | 'failed';

/** The card SDK of the provider the server names: Square's own, or the demo's local stand-in. */
async function paymentsFor(
  config: Pick<PaymentsConfig, 'provider'> &
    Partial<Pick<PaymentsConfig, 'sdk_url' | 'application_id' | 'location_id'>>,
): Promise<Payments> {
  if (config.provider === 'test') return (await import('../payments/test-card-sdk')).testPayments();
  if (!config.sdk_url || !config.application_id || !config.location_id) {
    throw new Error('The payments settings name Square without its SDK address, application or location');
  }
  const square = await loadSquareSdk(config.sdk_url);
  return square.payments(config.application_id, config.location_id);
}

/**
 * The card form: Square's Web Payments SDK attached to an element of this form
 * (https://developer.squareup.com/docs/web-payments/take-card-payment), or the demo's stand-in of
 * it. The card number never reaches our server: Pay asks this form for a one-time token.
 */
export function PaymentForm({
  ref,
  config,
  configFailed,
  onRetryConfig,
  problem,
  disabled,
}: PaymentFormProps) {
  // The element the card form is attached to: a new one (a new key) for each try to load it.
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const card = useRef<Card | null>(null);
  const message = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [setups, setSetups] = useState(0);
  const messageId = useId();

  const provider = config?.provider;
  const sdkUrl = config?.sdk_url;
  const applicationId = config?.application_id;
  const locationId = config?.location_id;
  useEffect(() => {
    const element = container;
    if (!provider || !element) return;
    const settings = { provider, sdk_url: sdkUrl, application_id: applicationId, location_id: locationId };
    let cancelled = false;
    let created: Card | null = null;
    setStatus('loading');
    (async () => {
      const payments = await paymentsFor(settings);
      created = await payments.card();
      if (cancelled) return;
      await created.attach(element);
      if (cancelled) return;
      card.current = created;
      setStatus('ready');
    })().catch((error: unknown) => {
      if (cancelled) return;
      console.warn('The card form could not be loaded', error);
      setStatus('failed');
    });
    return () => {
      cancelled = true;
      card.current = null;
      created?.destroy().catch((error: unknown) => console.warn('The card form could not be removed', error));
    };
  }, [container, provider, sdkUrl, applicationId, locationId]);

  useImperativeHandle(
    ref,
    () => ({
      async tokenize(details) {
        const ready = card.current;
        if (!ready) {
          return {
            ok: false,
            failure: {
              message: status === 'failed' || configFailed ? CARD_FORM_FAILED : CARD_FORM_LOADING,
              field: null,
            },
          };
        }
        try {
          const result = await ready.tokenize(details);
          if (result.status === 'OK') return { ok: true, payment: { source_id: result.token } };
          if (result.status !== 'Invalid') console.warn('The card was not tokenized', result);
          return { ok: false, failure: tokenizeFailure(result) };
        } catch (error) {
          console.warn('The card could not be tokenized', error);
          return { ok: false, failure: { message: CARD_NOT_CHECKED, field: null } };
        }
      },
    }),
    [status, configFailed],
  );

  // Each new problem takes the focus: the field to correct, or else the message (read out by its role).
  useEffect(() => {
    if (!problem) return;
    if (problem.field && card.current) {
      card.current.focus(problem.field).catch(() => message.current?.focus());
    } else message.current?.focus();
  }, [problem]);

  const failed = status === 'failed' || configFailed;
  return (
    <Fieldset
      legend="Pay by card"
      disabled={disabled}
      aria-describedby={problem ? messageId : undefined}
      aria-busy={status === 'loading' && !failed}
    >
      <Stack gap="sm">
        {status === 'loading' && !failed && <Skeleton h={94} radius="md" aria-hidden />}
        {failed && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            title="Card form unavailable"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">The card form could not be loaded. Check your connection, then try again.</Text>
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => (configFailed ? onRetryConfig() : setSetups((n) => n + 1))}
              >
                Load the card form again
              </Button>
            </Stack>
          </Alert>
        )}
        {/* The SDK draws the card fields in here; React leaves its contents alone. */}
        <Box ref={setContainer} key={setups} />
        {problem && (
          <Alert
            ref={message}
            id={messageId}
            tabIndex={-1}
            role="alert"
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            // Card details to correct are not yet a payment; anything else is one that failed.
            title={problem.field ? undefined : 'Payment not completed'}
          >
            {problem.message}
          </Alert>
        )}
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconLock aria-hidden size={16} style={{ flex: 'none', marginTop: 2 }} />
          <Text size="xs" c="dimmed">
            {provider === 'square'
              ? 'Your card details go straight to Square, our payment provider, over an encrypted connection. We never see or keep your card number.'
              : 'Your card number stays on this page: only a one-time test token is sent, and no card is charged.'}
          </Text>
        </Group>
      </Stack>
    </Fieldset>
  );
}
