import { ORDER_STATUSES, type OrderStatus } from '@kitchaco/domain';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { type StatusChange, useUpdateOrderStatus } from '../api/update-order-status';
import { BACK_OFFICE_MESSAGES } from '../messages';

const STATUS_OPTIONS = ORDER_STATUSES.map((s) => ({ value: s, label: s }));

/** The super admin's status dropdown of one order: choosing a value asks for confirmation first. */
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

/**
 * The confirmation of a status change, as the spec words it, with Yes and No. Yes saves the status
 * (the customer is notified by the server) and the list is read again; the outcome is announced.
 */
export function StatusChangeModal({ change, onClose }: { change: StatusChange | null; onClose: () => void }) {
  const update = useUpdateOrderStatus();
  // Kept while the modal closes, so its text does not vanish mid-way.
  const [shown, setShown] = useState<StatusChange | null>(change);
  if (change && change !== shown) setShown(change);

  const confirm = () => {
    if (!change) return;
    update.mutate(change, {
      onSuccess: () => notifications.show({ color: 'green', message: BACK_OFFICE_MESSAGES.statusChanged }),
      onError: () => notifications.show({ color: 'red', message: BACK_OFFICE_MESSAGES.statusChangeFailed }),
      onSettled: onClose,
    });
  };

  return (
    <Modal opened={change !== null} onClose={onClose} title="Change order status" centered>
      <Stack>
        <Text>{shown ? BACK_OFFICE_MESSAGES.confirmStatusChange(shown.orderId, shown.status) : ''}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            No
          </Button>
          <Button onClick={confirm} loading={update.isPending} data-autofocus>
            Yes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
