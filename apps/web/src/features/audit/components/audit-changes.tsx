import type { AuditEntry } from '@kitchaco/domain';
import { Badge, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { compactValue, fieldChanges } from '../lib/changes';

function Value({ value }: { value: unknown }) {
  const text = compactValue(value);
  if (text === null) {
    return (
      <Text span c="dimmed" aria-label="not recorded">
        —
      </Text>
    );
  }
  return (
    <Text span size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {text}
    </Text>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * One entry opened: who, the call and the record, then before and after field by field, the
 * changed fields highlighted (and named "changed", for those who do not see the colour).
 */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const rows = fieldChanges(entry.before, entry.after);
  const changed = rows.filter((r) => r.changed).length;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 5 }} component="dl" m={0} spacing="md">
        <Fact label="Who">{entry.actor_email}</Fact>
        <Fact label="Role">{entry.actor_role}</Fact>
        <Fact label="Call">{entry.call}</Fact>
        <Fact label="Record">
          {entry.entity} {entry.entity_id}
        </Fact>
        <Fact label="Address">{entry.address}</Fact>
      </SimpleGrid>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          No values were recorded with this change.
        </Text>
      ) : (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {changed === 1 ? '1 field changed' : `${changed} fields changed`}
          </Text>
          <Table
            aria-label={`Changes of entry ${entry.id}`}
            withTableBorder
            withColumnBorders
            layout="fixed"
            bg="var(--mantine-color-body)"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="20%">Field</Table.Th>
                <Table.Th>Before</Table.Th>
                <Table.Th>After</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr
                  key={row.field}
                  data-changed={row.changed || undefined}
                  bg={row.changed ? 'var(--mantine-color-yellow-1)' : undefined}
                >
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text span size="sm" fw={row.changed ? 700 : 400} style={{ wordBreak: 'break-word' }}>
                        {row.field}
                      </Text>
                      {row.changed && (
                        <Badge size="xs" color="yellow" variant="filled" c="black">
                          changed
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Value value={row.before} />
                  </Table.Td>
                  <Table.Td>
                    <Value value={row.after} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Stack>
  );
}
