import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { InvoiceRef } from '../api/email-sales-report';
import { useMarkInvoicePaid } from '../api/mark-invoice-paid';

interface MarkPaidModalProps {
  invoiceRef: InvoiceRef;
  /** The approved document's number, named in the title. */
  number: string;
  opened: boolean;
  onClose: () => void;
}

/** Marks the approved invoice paid with the payment's reference (today's date, who is signed in). */
export function MarkPaidModal({ invoiceRef, number, opened, onClose }: MarkPaidModalProps) {
  const [reference, setReference] = useState('');
  const mark = useMarkInvoicePaid();
  const submit = () => {
    if (reference.trim() === '') return;
    mark.mutate({ ...invoiceRef, reference: reference.trim() }, { onSuccess: onClose });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Mark ${number} paid`} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Payment reference"
            description="The bank transfer's reference, as the operator will see it."
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            maxLength={80}
            required
            data-autofocus
          />
          {mark.error && (
            <Alert color="red" variant="light" role="alert">
              {mark.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={mark.isPending} disabled={reference.trim() === ''}>
              Mark paid
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
