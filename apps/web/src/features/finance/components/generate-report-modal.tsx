import { FINANCE_MESSAGES } from '@kitchaco/domain';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { type GenerateRequest, useGenerateSalesReport } from '../api/generate-sales-report';

interface GenerateReportModalProps {
  /** The fortnight and whose report (a location or an operator's) to generate; null closes the modal. */
  request: GenerateRequest | null;
  /** No, or OK after the server refused (the fortnight has not ended). */
  onCancel: () => void;
  /** Generated: the report is read again by the caller's query. */
  onGenerated: () => void;
}

/**
 * The spec's confirm when a fortnight's report is not available: Yes generates it (and emails each
 * location its transactional summary); the server's refusal, such as a fortnight that has not
 * ended, is shown in the dialog.
 */
export function GenerateReportModal({ request, onCancel, onGenerated }: GenerateReportModalProps) {
  const generate = useGenerateSalesReport();
  const { reset } = generate;
  const opened = request !== null;
  useEffect(() => {
    if (opened) reset();
  }, [opened, reset]);

  const confirm = () => {
    if (!request) return;
    generate.mutate(request, {
      onSuccess: (result) => {
        notifications.show({ color: 'green', message: result.message });
        onGenerated();
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title="Generate the report"
      centered
      closeOnClickOutside={!generate.isPending}
      closeOnEscape={!generate.isPending}
    >
      <Stack>
        <Text>{FINANCE_MESSAGES.generateConfirm}</Text>
        {generate.error && (
          <Alert color="red" variant="light" role="alert" title="The report was not generated">
            {generate.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          {generate.error ? (
            <Button onClick={onCancel} data-autofocus>
              OK
            </Button>
          ) : (
            <>
              <Button variant="default" onClick={onCancel} disabled={generate.isPending}>
                No
              </Button>
              <Button onClick={confirm} loading={generate.isPending} data-autofocus>
                Yes, generate it
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
