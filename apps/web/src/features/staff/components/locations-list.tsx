import type { KitchacoLocation } from '@kitchaco/domain';
import { Table } from '@mantine/core';

/** Every location with its address, position and time zone. */
export function LocationsList({ locations }: { locations: readonly KitchacoLocation[] }) {
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table striped verticalSpacing="xs" aria-label="Locations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th>Suburb</Table.Th>
            <Table.Th>Position</Table.Th>
            <Table.Th>Time zone</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {locations.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>{l.name}</Table.Td>
              <Table.Td>{l.location}</Table.Td>
              <Table.Td>{l.suburb}</Table.Td>
              <Table.Td>
                {l.lat.toFixed(4)}, {l.lng.toFixed(4)}
              </Table.Td>
              <Table.Td>{l.time_zone}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
