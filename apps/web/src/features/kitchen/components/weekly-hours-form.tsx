import type { OpeningHours } from '@kitchaco/domain';
import { Alert, Button, Group, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type DayRow, hoursToRows, rowProblem, rowsToHours } from '../lib/hours';

interface WeeklyHoursFormProps {
  /** What is saved now (null: a brand that follows the location). */
  hours: OpeningHours | null;
  /** Names the controls: "Location" or the brand's title. */
  name: string;
  saving: boolean;
  error: string | null;
  onSave: (hours: OpeningHours) => void;
}

/** A row per weekday: Open switch, opening and closing time (00:00 closing is midnight); Save. */
export function WeeklyHoursForm({ hours, name, saving, error, onSave }: WeeklyHoursFormProps) {
  const [rows, setRows] = useState<DayRow[]>(() => hoursToRows(hours));
  const saved = JSON.stringify(hours);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the saved hours change.
  useEffect(() => setRows(hoursToRows(hours)), [saved]);
  const update = (index: number, change: Partial<DayRow>) =>
    setRows((current) => current.map((r, i) => (i === index ? { ...r, ...change } : r)));
  const problems = rows.map(rowProblem);
  const invalid = problems.some(Boolean);
  return (
    <Stack gap="xs">
      <Table verticalSpacing={4} horizontalSpacing="sm" maw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Day</Table.Th>
            <Table.Th>Open</Table.Th>
            <Table.Th>Opens</Table.Th>
            <Table.Th>Closes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={row.day}>
              <Table.Td>
                <Text fw={600}>{row.day}</Text>
              </Table.Td>
              <Table.Td>
                <Switch
                  checked={row.open}
                  onChange={(e) => update(i, { open: e.currentTarget.checked })}
                  aria-label={`${name}: open on ${row.day}`}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  type="time"
                  value={row.from}
                  disabled={!row.open}
                  onChange={(e) => update(i, { from: e.currentTarget.value })}
                  aria-label={`${name}: ${row.day} opens at`}
                  w={130}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  type="time"
                  value={row.to}
                  disabled={!row.open}
                  onChange={(e) => update(i, { to: e.currentTarget.value })}
                  aria-label={`${name}: ${row.day} closes at`}
                  error={problems[i] ?? undefined}
                  w={130}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        A closing time of 12:00 AM (00:00) is midnight.
      </Text>
      {error && (
        <Alert color="red" variant="light" role="alert" title="The hours were not saved">
          {error}
        </Alert>
      )}
      <Group>
        <Button loading={saving} disabled={invalid} onClick={() => onSave(rowsToHours(rows))}>
          Save {name === 'Location' ? 'location hours' : `${name} hours`}
        </Button>
      </Group>
    </Stack>
  );
}
