import {
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
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { QueryError } from '../../../components/query-state';
import { useCreateDeviceCode } from '../api/create-device-code';
import { useKiosks } from '../api/get-kiosks';
import { kioskKeys } from '../api/kiosk-keys';
import { type Kiosk, type KioskLocation, newlyPaired, TERMINAL_LABELS } from '../lib/terminal-status';
import { DeviceCodeModal, type KioskTarget } from './device-code-modal';

/** '0' is the spec's "not connected". */
const NOT_CONNECTED = '0';

const pairByFormat = new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit' });
const pairedFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/** Says so when a terminal pairs while the page is open (the list reads itself while a code waits). */
function useAnnouncePairing(locations: readonly KioskLocation[] | undefined) {
  const previous = useRef(locations);
  useEffect(() => {
    if (!locations || locations === previous.current) return;
    for (const kiosk of newlyPaired(previous.current, locations)) {
      notifications.show({
        color: 'green',
        message: `The terminal of ${kiosk.username} is paired and takes card payments.`,
      });
    }
    previous.current = locations;
  }, [locations]);
}

/**
 * Every location's kiosks with their card terminals (paired, waiting for a code, code expired, not
 * connected), and the Create Square Code flow per kiosk.
 */
export function KioskList() {
  const kiosks = useKiosks();
  const queryClient = useQueryClient();
  const create = useCreateDeviceCode();
  const [target, setTarget] = useState<KioskTarget | null>(null);
  useAnnouncePairing(kiosks.data);

  if (kiosks.error) {
    return <QueryError title="The kiosks could not be loaded" error={kiosks.error} />;
  }
  if (!kiosks.data) {
    return (
      <Group justify="center" py="xl">
        <Loader role="status" aria-label="Loading kiosks" />
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
      <DeviceCodeModal
        kiosk={target}
        terminal={target ? findKiosk(kiosks.data, target.id) : undefined}
        create={create}
        onCancel={() => setTarget(null)}
        onDone={done}
      />
    </Stack>
  );
}

function findKiosk(locations: readonly KioskLocation[], id: number): Kiosk | undefined {
  for (const l of locations) {
    const kiosk = l.kiosk_details.find((k) => k.id === id);
    if (kiosk) return kiosk;
  }
  return undefined;
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
        <Table.ScrollContainer minWidth={980}>
          <Table verticalSpacing="sm" striped layout="fixed" aria-label={`Kiosks at ${location.location}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w="17%">
                  Name
                </Table.Th>
                <Table.Th scope="col" w="12%">
                  Phone
                </Table.Th>
                <Table.Th scope="col" w="24%">
                  Card terminal
                </Table.Th>
                <Table.Th scope="col" w="15%">
                  Card terminal device code
                </Table.Th>
                <Table.Th scope="col" w="17%">
                  Terminal serial number
                </Table.Th>
                <Table.Th scope="col" w="15%">
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
        <TerminalStatus kiosk={kiosk} />
      </Table.Td>
      <Table.Td>
        {code === NOT_CONNECTED ? (
          <NotSet>Not connected</NotSet>
        ) : (
          <Stack gap={0}>
            <Text ff="monospace" fw={600}>
              {code}
            </Text>
            {kiosk.terminal_status === 'waiting' && kiosk.device_code_expires_at && (
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

/**
 * The terminal's state as a badge, with what goes with it: when it paired, when a waiting code
 * expires, or what to do about an expired one.
 */
function TerminalStatus({ kiosk }: { kiosk: Kiosk }) {
  const { label, color } = TERMINAL_LABELS[kiosk.terminal_status];
  const detail =
    kiosk.terminal_status === 'paired'
      ? kiosk.paired_at && `Since ${pairedFormat.format(new Date(kiosk.paired_at))}`
      : kiosk.terminal_status === 'waiting'
        ? kiosk.device_code_expires_at &&
          `Expires ${pairByFormat.format(new Date(kiosk.device_code_expires_at))}`
        : kiosk.terminal_status === 'expired'
          ? 'Create a new one to pair the terminal'
          : null;
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={color} variant="light" c="dark" style={{ textTransform: 'none' }}>
        {label}
      </Badge>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Stack>
  );
}

function NotSet({ children }: { children: string }) {
  return (
    <Text c="dimmed" size="sm">
      {children}
    </Text>
  );
}
