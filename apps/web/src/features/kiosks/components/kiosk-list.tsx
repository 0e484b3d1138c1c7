import type { kioskLocation } from '@kitchaco/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { useCreateDeviceCode } from '../api/create-device-code';
import { useKiosks } from '../api/get-kiosks';
import { kioskKeys } from '../api/kiosk-keys';
import { DeviceCodeModal, type KioskTarget } from './device-code-modal';

type KioskLocation = z.infer<typeof kioskLocation>;
type Kiosk = KioskLocation['kiosk_details'][number];

/** '0' is the spec's "not connected". */
const NOT_CONNECTED = '0';

const pairByFormat = new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit' });

/** Every location's kiosks with their card terminals, and the Create Square Code flow per kiosk. */
export function KioskList() {
  const kiosks = useKiosks();
  const queryClient = useQueryClient();
  const create = useCreateDeviceCode();
  const [target, setTarget] = useState<KioskTarget | null>(null);

  if (kiosks.error) {
    return (
      <Alert color="red" variant="light" role="alert" title="The kiosks could not be loaded">
        {kiosks.error.message}
      </Alert>
    );
  }
  if (!kiosks.data) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading kiosks" />
      </Group>
    );
  }

  const open = (kiosk: KioskTarget) => {
    create.reset();
    setTarget(kiosk);
  };
  const done = () => {
    setTarget(null);
    void queryClient.invalidateQueries({ queryKey: kioskKeys.list() });
  };

  return (
    <Stack gap="lg">
      {kiosks.data.map((location) => (
        <LocationKiosks key={location.id} location={location} onCreateCode={open} />
      ))}
      <DeviceCodeModal kiosk={target} create={create} onCancel={() => setTarget(null)} onDone={done} />
    </Stack>
  );
}

function LocationKiosks({
  location,
  onCreateCode,
}: {
  location: KioskLocation;
  onCreateCode: (kiosk: KioskTarget) => void;
}) {
  const titleId = `kiosks-location-${location.id}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={4} size="h4" id={titleId}>
          {location.location}
        </Title>
        {location.square_location_id ? (
          <Text size="sm" c="dimmed">
            Square location{' '}
            <Text span ff="monospace" size="sm">
              {location.square_location_id}
            </Text>
          </Text>
        ) : (
          <Badge color="orange" variant="light" c="orange.9">
            No Square location ID
          </Badge>
        )}
      </Group>
      {location.kiosk_details.length === 0 ? (
        <Text c="dimmed">No kiosks at this location.</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" striped aria-label={`Kiosks at ${location.location}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Phone</Table.Th>
                <Table.Th scope="col">Card terminal device code</Table.Th>
                <Table.Th scope="col">Terminal serial number</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {location.kiosk_details.map((kiosk) => (
                <KioskRow
                  key={kiosk.id}
                  kiosk={kiosk}
                  onCreateCode={() =>
                    onCreateCode({ id: kiosk.id, username: kiosk.username, location: location.location })
                  }
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

function KioskRow({ kiosk, onCreateCode }: { kiosk: Kiosk; onCreateCode: () => void }) {
  const code = kiosk.square_terminal_device_code;
  const device = kiosk.square_terminal_device_id;
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={600}>
        {kiosk.username}
      </Table.Th>
      <Table.Td>{kiosk.phone_local ?? <NotSet>No phone</NotSet>}</Table.Td>
      <Table.Td>
        {code === NOT_CONNECTED ? (
          <NotSet>Not connected</NotSet>
        ) : (
          <Stack gap={0}>
            <Text ff="monospace" fw={600}>
              {code}
            </Text>
            {kiosk.device_code_expires_at && (
              <Text size="xs" c="dimmed">
                Pair by {pairByFormat.format(new Date(kiosk.device_code_expires_at))}
              </Text>
            )}
          </Stack>
        )}
      </Table.Td>
      <Table.Td>
        {device === NOT_CONNECTED ? <NotSet>Not connected</NotSet> : <Text ff="monospace">{device}</Text>}
      </Table.Td>
      <Table.Td ta="right">
        <Button
          size="xs"
          variant="outline"
          onClick={onCreateCode}
          aria-label={`Create Square Code for ${kiosk.username}`}
        >
          Create Square Code
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

function NotSet({ children }: { children: string }) {
  return (
    <Text c="dimmed" size="sm">
      {children}
    </Text>
  );
}
