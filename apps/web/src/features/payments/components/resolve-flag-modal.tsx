import { type PaymentFlag, resolveFlagRequest } from '@kitchaco/domain';
import { Alert, Button, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { aud } from '../../../components/amounts';
import { useResolveFlag } from '../api/resolve-flag';
import { flagSubject } from '../lib/format';

interface ResolveFlagModalProps {
  opened: boolean;
  /** The flag being closed; kept while the modal closes. */
  flag: PaymentFlag | null;
  onClose: () => void;
}

/** The server's rule for the resolution, in its words without the field's name. */
function resolutionError(value: string): string | null {
  const parsed = resolveFlagRequest.shape.resolution.safeParse(value);
  if (parsed.success) return null;
  const message = (parsed.error.issues[0]?.message ?? 'Required').replace(/^resolution: /, '');
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/** Closes a flagged payment with what was done about it (kept with the payment). */
export function ResolveFlagModal({ opened, flag, onClose }: ResolveFlagModalProps) {
  const resolve = useResolveFlag();
  const [shown, setShown] = useState<PaymentFlag | null>(flag);
  if (flag && flag !== shown) setShown(flag);
  const form = useForm({ initialValues: { resolution: '' }, validate: { resolution: resolutionError } });

  const submit = form.onSubmit(({ resolution }) => {
    if (!shown) return;
    resolve.mutate(
      { paymentId: shown.payment_id, resolution: resolution.trim() },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: `Marked as handled: the payment of ${flagSubject(shown)}.`,
          });
          onClose();
        },
      },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={() => {
        form.reset();
        resolve.reset();
      }}
      title="Mark as handled"
      centered
      size="lg"
    >
      {shown && (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Paper withBorder bg="gray.0" p="sm">
              <Text size="sm" fw={600}>
                The {aud(shown.amount)} payment of {flagSubject(shown)}
                {shown.customer ? ` (${shown.customer})` : ''}
              </Text>
              <Text size="sm">{shown.flag}</Text>
            </Paper>
            <Textarea
              label="What was done"
              description="Kept with the payment, e.g. Refunded by hand in Square's dashboard, or The customer paid cash at pickup"
              autosize
              minRows={3}
              maxLength={500}
              required
              data-autofocus
              {...form.getInputProps('resolution')}
            />
            {resolve.error && (
              <Alert color="red" variant="light" role="alert" title="It was not marked as handled">
                {resolve.error.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={resolve.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={resolve.isPending}>
                Mark as handled
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
