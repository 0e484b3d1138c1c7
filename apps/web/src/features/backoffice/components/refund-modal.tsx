import type { AdminOrder, OrderPaymentView, RefundView } from '@kitchaco/domain';
import { Alert, Button, Group, Modal, NumberInput, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError, messageForField } from '../../../api';
import { aud } from '../../../components/amounts';
import { useRefundOrder } from '../api/refund-order';
import { refundChoices } from '../lib/refund-choices';
import {
  type RefundFormValues,
  refundAmountError,
  refundReasonError,
  toRefundRequest,
} from '../lib/refund-form';

interface RefundModalProps {
  opened: boolean;
  onClose: () => void;
  order: AdminOrder;
  payment: OrderPaymentView;
}

/** What the admin reads once the provider took the refund (a notice without a title: readable contrast). */
function refundNotice(refund: RefundView) {
  const amount = aud(refund.amount);
  if (refund.status === 'COMPLETED') {
    return { color: 'green', message: `${amount} was refunded to the customer's card.` };
  }
  if (refund.status === 'PENDING') {
    return {
      color: 'blue',
      message: `${amount} is being refunded to the customer's card: the card provider has not finished it yet.`,
    };
  }
  return { color: 'orange', message: `The refund of ${amount} is ${refund.status.toLowerCase()}.` };
}

/** A failure of the refund call, titled by what it means for the customer's money. */
function failureTitle(error: Error): string {
  if (!(error instanceof ApiError)) return 'The refund could not be made';
  if (error.status === 503) return 'The refund is not confirmed yet';
  if (error.status === 409) return 'This order cannot be refunded';
  if (error.status === 422) return 'The card provider refused the refund';
  return 'The refund could not be made';
}

/**
 * A partial refund of a paid order (an item missing): an amount (or one click on an item, a line,
 * the delivery charge), a reason, then a confirmation naming the amount. The amount and reason are
 * checked with the server's own rules; the server's objections show beside the field they name.
 */
export function RefundModal({ opened, onClose, order, payment }: RefundModalProps) {
  const refund = useRefundOrder(order.id);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<RefundFormValues>({
    initialValues: { amount: '', reason: '' },
    validate: {
      amount: (value) => refundAmountError(value, payment.refundable),
      reason: refundReasonError,
    },
  });
  const choices = refundChoices(order, payment.refundable);
  // The item clicked last names the brand, as long as the amount is still that item's.
  const [chosen, setChosen] = useState<string | null>(null);
  const chosenChoice = choices.find((c) => c.label === chosen && c.amount === Number(form.values.amount));
  const request = confirming ? toRefundRequest(order.id, form.values, chosenChoice?.vendorId ?? null) : null;
  const amountText = request ? aud(Number(request.amount)) : '';
  // A refund whose answer never came is sent again by the server: never a second time from here.
  const unconfirmed = refund.error instanceof ApiError && refund.error.status === 503;
  const stuck = refund.error instanceof ApiError && refund.error.status === 409;

  const reset = () => {
    form.reset();
    setChosen(null);
    setConfirming(false);
    refund.reset();
  };

  const send = () => {
    if (!request) return;
    refund.mutate(request, {
      onSuccess: ({ refund: made }) => {
        notifications.show(refundNotice(made));
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.field) {
          form.setFieldError(error.field === 'amount' ? 'amount' : 'reason', messageForField(error));
          setConfirming(false);
        }
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={reset}
      title={`Refund part of order #${order.id}`}
      centered
      size="lg"
      closeOnClickOutside={!refund.isPending}
      closeOnEscape={!refund.isPending}
    >
      {confirming && request ? (
        <Stack>
          <Text fw={700} size="lg">
            Refund {amountText} to the customer's card?
          </Text>
          <Paper withBorder bg="gray.0" p="sm">
            <Text size="sm">
              <Text span fw={600}>
                Reason:
              </Text>{' '}
              {request.reason}
            </Text>
          </Paper>
          <Text size="sm" c="dimmed">
            A refund cannot be undone. It counts against today's sales in every report.
          </Text>
          {refund.error && !(refund.error instanceof ApiError && refund.error.field) && (
            <Alert
              color={unconfirmed ? 'yellow' : 'red'}
              variant="light"
              role="alert"
              title={failureTitle(refund.error)}
            >
              {refund.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            {unconfirmed || stuck ? (
              <Button onClick={onClose} data-autofocus>
                OK
              </Button>
            ) : (
              <>
                <Button
                  variant="default"
                  onClick={() => {
                    refund.reset();
                    setConfirming(false);
                  }}
                  disabled={refund.isPending}
                >
                  Back
                </Button>
                <Button color="red" onClick={send} loading={refund.isPending} data-autofocus>
                  Refund {amountText}
                </Button>
              </>
            )}
          </Group>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(() => setConfirming(true))} noValidate>
          <Stack>
            <Text size="sm">
              Give part of the {aud(payment.amount)} card payment back to the customer, for example for a
              missing item.
            </Text>
            {choices.length > 0 && (
              <Stack gap={6}>
                <Text size="sm" fw={500} id={`refund-choices-${order.id}`}>
                  Refund an item of the order
                </Text>
                <Group gap="xs" role="group" aria-labelledby={`refund-choices-${order.id}`}>
                  {choices.map((choice) => (
                    <Button
                      key={choice.label}
                      size="compact-sm"
                      variant={Number(form.values.amount) === choice.amount ? 'light' : 'default'}
                      onClick={() => {
                        form.setFieldValue('amount', choice.amount);
                        setChosen(choice.label);
                      }}
                    >
                      {choice.label} · {aud(choice.amount)}
                    </Button>
                  ))}
                </Group>
              </Stack>
            )}
            <NumberInput
              label="Amount"
              description={`At most ${aud(payment.refundable)} can still be refunded to the customer's card.`}
              prefix="$"
              decimalScale={2}
              fixedDecimalScale
              thousandSeparator=","
              allowNegative={false}
              hideControls
              required
              data-autofocus
              w={380}
              {...form.getInputProps('amount')}
            />
            <Textarea
              label="Reason"
              description="Kept with the refund, e.g. Missing item: 1 × Cheeseburger"
              autosize
              minRows={2}
              maxLength={192}
              required
              {...form.getInputProps('reason')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit">Review refund</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
