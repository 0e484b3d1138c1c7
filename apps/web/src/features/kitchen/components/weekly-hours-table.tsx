import { Switch, Table, Text, TextInput } from '@mantine/core';
import { type DayRow, rowProblem } from '../lib/hours';

interface WeeklyHoursTableProps {
  rows: readonly DayRow[];
  onChange: (rows: DayRow[]) => void;
  /** Names the controls: "Location" or the brand's title. */
  name: string;
}

/** A row per weekday: Open switch, opening and closing time (00:00 closing is midnight). */
export function WeeklyHoursTable({ rows, onChange, name }: WeeklyHoursTableProps) {
  const update = (index: number, change: Partial<DayRow>) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, ...change } : r)));
  const problems = rows.map(rowProblem);
  return (
    <>
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
    </>
  );
}
