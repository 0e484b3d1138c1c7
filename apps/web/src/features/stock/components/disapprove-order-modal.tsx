import { STOCK_MESSAGES } from '@kitchaco/domain';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';

interface DisapproveOrderModalProps {
  orderId: number;
  opened: boolean;
  onClose: () => void;
  reason: string;
  onReason: (reason: string) => void;
  onConfirm: () => void;
  loading: boolean;
}

/** Asks before disapproving an order, with the optional reason sent to the location. */
export function DisapproveOrderModal({
  orderId,
  opened,
  onClose,
  reason,
  onReason,
  onConfirm,
  loading,
}: DisapproveOrderModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Disapprove order #${orderId}`} centered>
      <Stack>
        <Text>{STOCK_MESSAGES.disapproveConfirm}</Text>
        <Textarea
          label="Reason"
          description="Sent to the location with the disapproval (optional)."
          value={reason}
          onChange={(event) => onReason(event.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={1000}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading}>
            Disapprove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
