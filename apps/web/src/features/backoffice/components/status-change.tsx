import { ORDER_STATUSES, type OrderStatus } from '@kitchaco/domain';
import { Alert, Button, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCreditCard } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../api';
import { aud } from '../../../components/amounts';
import { useOrderPayment } from '../api/get-order-payment';
import { type StatusChange, useUpdateOrderStatus } from '../api/update-order-status';
import { BACK_OFFICE_MESSAGES } from '../messages';

const STATUS_OPTIONS = ORDER_STATUSES.map((s) => ({ value: s, label: s }));

/** The status dropdown of one order (super admin, operator): choosing a value asks for confirmation first. */
export function StatusSelect({
  orderId,
  status,
  onChoose,
}: {
  orderId: number;
  status: OrderStatus;
  onChoose: (change: StatusChange) => void;
}) {
  return (
    <Select
      aria-label={`Status of order #${orderId}`}
      data={STATUS_OPTIONS}
      value={status}
      onChange={(next) => {
        if (next && next !== status) onChoose({ orderId, status: next as OrderStatus });
      }}
      allowDeselect={false}
      size="xs"
      w={170}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** What canceling does to the order's card payment, said before Yes. */
function CancellationMoney({ orderId }: { orderId: number }) {
  const payment = useOrderPayment(orderId);
  if (payment.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" role="status" aria-label="Checking the card payment" />
        <Text size="sm" c="dimmed">
          Checking the card payment…
        </Text>
      </Group>
    );
  }
  if (payment.error) {
    return (
      <Text size="sm" c="dimmed">
        The card payment could not be checked ({payment.error.message}). If the order was paid by card,
        canceling refunds it.
      </Text>
    );
  }
  const paid = payment.data;
  if (!paid) return null;
  if (paid.status === 'APPROVED') {
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconCreditCard aria-hidden size={18} />}
        title="The card payment will be released"
      >
        The {aud(paid.amount)} card payment was only authorised: it is released, and the customer is not
        charged.
      </Alert>
    );
  }
  if (paid.status !== 'COMPLETED') return null;
  if (paid.refundable <= 0) {
    return (
      <Text size="sm" c="dimmed">
        The {aud(paid.amount)} card payment was already refunded in full.
      </Text>
    );
  }
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconCreditCard aria-hidden size={18} />}
      title="The card payment will be refunded"
    >
      {aud(paid.refundable)} goes back to the customer's card
      {paid.refunded > 0
        ? ` (what is left of the ${aud(paid.amount)} payment: ${aud(paid.refunded)} was refunded already).`
        : '.'}
    </Alert>
  );
}

/** Refusals the admin reads in the confirmation itself: the order's money is at stake. */
function refusal(error: Error | null, status?: OrderStatus): { title: string; retry: boolean } | null {
  if (!(error instanceof ApiError) || ![409, 422, 503].includes(error.status)) return null;
  const title = status === 'Canceled' ? 'The order was not canceled' : 'The status was not changed';
  return { title, retry: error.status === 503 };
}

/**
 * The confirmation of a status change, as the spec words it, with Yes and No. Canceling a card-paid
 * order also says what goes back to the card (read for a super admin; said in general to an operator). Yes saves the status (the customer is notified by the
 * server) and the list is read again; the server's result (with any refund) is announced. When the
 * card provider did not answer (503), the order stays as it was and Yes tries again.
 */
export function StatusChangeModal({
  change,
  onClose,
  withPayment = true,
}: {
  change: StatusChange | null;
  onClose: () => void;
  /** Whether the card payment is read before a cancellation (super admins only: an operator is told). */
  withPayment?: boolean;
}) {
  const update = useUpdateOrderStatus();
  // Kept while the modal closes, so its text does not vanish mid-way.
  const [shown, setShown] = useState<StatusChange | null>(change);
  if (change && change !== shown) setShown(change);
  const problem = refusal(update.error, shown?.status);

  const confirm = () => {
    if (!change) return;
    update.mutate(change, {
      onSuccess: ({ result, refund }) => {
        notifications.show({ color: 'green', message: result, autoClose: refund ? 10_000 : undefined });
        onClose();
      },
      onError: (error) => {
        if (refusal(error)) return;
        notifications.show({ color: 'red', message: BACK_OFFICE_MESSAGES.statusChangeFailed });
        onClose();
      },
    });
  };

  return (
    <Modal
      opened={change !== null}
      onClose={onClose}
      onExitTransitionEnd={() => update.reset()}
      title="Change order status"
      centered
    >
      <Stack>
        <Text>{shown ? BACK_OFFICE_MESSAGES.confirmStatusChange(shown.orderId, shown.status) : ''}</Text>
        {shown?.status === 'Canceled' &&
          (withPayment ? (
            <CancellationMoney orderId={shown.orderId} />
          ) : (
            <Text size="sm" c="dimmed">
              If the order was paid by card, canceling refunds the payment to the customer's card.
            </Text>
          ))}
        {problem && update.error && (
          <Alert color="red" variant="light" role="alert" title={problem.title}>
            {update.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          {problem && !problem.retry ? (
            <Button onClick={onClose} data-autofocus>
              OK
            </Button>
          ) : (
            <>
              <Button variant="default" onClick={onClose} disabled={update.isPending}>
                No
              </Button>
              <Button onClick={confirm} loading={update.isPending} data-autofocus>
                {problem ? 'Try again' : 'Yes'}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
