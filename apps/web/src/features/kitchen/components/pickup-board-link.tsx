import { Alert, Anchor, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryError } from '../../../components/query-state';
import { usePickupBoardLink, useRotatePickupBoardLink } from '../api/pickup-board-link';

/** The board's full address, for the display at the counter. */
export function pickupBoardUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}

/**
 * Asks before replacing the link: the screen showing the current one stops working until it is
 * given the new address.
 */
export function RotatePickupBoardLinkModal({
  locationId,
  opened,
  onClose,
}: {
  locationId: number | null;
  opened: boolean;
  onClose: () => void;
}) {
  const rotate = useRotatePickupBoardLink(locationId);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={() => rotate.reset()}
      title="Make a new pickup board link?"
      centered
    >
      <Stack>
        <Text>
          The current link stops working at once: the screen at the counter shows an error until it opens the
          new link.
        </Text>
        {rotate.error && (
          <Alert color="red" variant="light" role="alert" title="No new link was made">
            {rotate.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={rotate.isPending}>
            Cancel
          </Button>
          <Button
            color="red.8"
            loading={rotate.isPending}
            onClick={() =>
              rotate.mutate(undefined, {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: 'A new pickup board link was made.' });
                  onClose();
                },
              })
            }
            data-autofocus
          >
            Make a new link
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The back office's pickup board panel: the link to open on the counter screen (no sign-in there),
 * and "Make a new link" when the old one got out.
 */
export function PickupBoardLinkPanel({ locationId = null }: { locationId?: number | null }) {
  const link = usePickupBoardLink(locationId);
  const [rotating, setRotating] = useState(false);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="pickup-board-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="pickup-board-title">
          Pickup board
        </Title>
        <Text size="sm">
          A screen at the counter that shows the order numbers being prepared and ready. Open the link on that
          screen: it needs no sign-in, so keep it to the screen.
        </Text>
        {link.isPending && <Loader size="sm" role="status" aria-label="Loading the pickup board link" />}
        {link.error && <QueryError title="The pickup board link could not be loaded" error={link.error} />}
        {link.data && (
          <Group gap="sm">
            <Button
              component="a"
              href={pickupBoardUrl(link.data.path)}
              target="_blank"
              rel="noopener"
              leftSection={<IconExternalLink aria-hidden size={18} />}
            >
              Open pickup board
            </Button>
            <Button
              variant="default"
              leftSection={<IconRefresh aria-hidden size={18} />}
              onClick={() => setRotating(true)}
            >
              Make a new link
            </Button>
            <Anchor href={pickupBoardUrl(link.data.path)} size="sm" style={{ wordBreak: 'break-all' }}>
              {pickupBoardUrl(link.data.path)}
            </Anchor>
          </Group>
        )}
      </Stack>
      <RotatePickupBoardLinkModal
        locationId={locationId}
        opened={rotating}
        onClose={() => setRotating(false)}
      />
    </Paper>
  );
}
