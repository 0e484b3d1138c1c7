import { Alert, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { isApiError } from '../../../api';
import { DocumentTitle } from '../../../components/document-title';
import { useOutbox } from '../../../features/notifications/api/outbox';
import { OutboxTable } from '../../../features/notifications/components/outbox-table';

/** Demo mode only: the SMS and emails the server would have sent, so a person can read their code. */
export function DevOutboxPage() {
  const outbox = useOutbox();

  return (
    <Container component="main" size="xl" py="xl">
      <DocumentTitle title="Outbox" />
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>Outbox</Title>
            <Text>Text messages and emails sent by the demo server, newest first.</Text>
          </Stack>
          <Button
            leftSection={<IconRefresh aria-hidden size={18} />}
            onClick={() => outbox.refetch()}
            loading={outbox.isFetching}
          >
            Refresh
          </Button>
        </Group>
        {outbox.isPending && <Skeleton h={200} aria-hidden />}
        {outbox.isError && (
          <Alert color={isApiError(outbox.error, 404) ? 'blue' : 'red'} variant="light">
            {isApiError(outbox.error, 404)
              ? 'The outbox is only available in demo mode.'
              : `The outbox could not be loaded: ${outbox.error.message}`}
          </Alert>
        )}
        {outbox.data && <OutboxTable messages={outbox.data} />}
      </Stack>
    </Container>
  );
}
