import { Alert, Button, type ButtonProps, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface QueryErrorProps {
  /** What could not be loaded, e.g. "The orders could not be loaded". */
  title?: string;
  error: Error;
  /** Shows a "Try again" button under the message. */
  onRetry?: () => void;
  retryVariant?: ButtonProps['variant'];
  retryClassName?: string;
}

/** The staff screens' alert for a read that failed: what failed as the title, the reason below. */
export function QueryError({ title, error, onRetry, retryVariant, retryClassName }: QueryErrorProps) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {onRetry ? (
        <Stack gap="xs" align="flex-start">
          <Text>{error.message}</Text>
          <Button variant={retryVariant} className={retryClassName} onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      ) : (
        error.message
      )}
    </Alert>
  );
}

interface QueryRetryProps {
  message: ReactNode;
  onRetry: () => void;
  retrying: boolean;
}

/** The customer screens' quiet version: a sentence and a "Try again" button that spins while it refetches. */
export function QueryRetry({ message, onRetry, retrying }: QueryRetryProps) {
  return (
    <Stack gap="sm" align="flex-start">
      <Text>{message}</Text>
      <Button variant="light" onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    </Stack>
  );
}

/**
 * A refetch that failed while the last good answer is still shown (a list that refreshes itself):
 * says so above the rows, which stay.
 */
export function StaleReadAlert({ title, error }: { title: string; error: Error }) {
  return (
    <Alert color="orange" variant="light" role="alert" title={title}>
      {error.message} The rows below are from the last successful read.
    </Alert>
  );
}
