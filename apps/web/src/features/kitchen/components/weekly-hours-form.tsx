import type { OpeningHours } from '@kitchaco/domain';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type DayRow, hoursToRows, rowProblem, rowsToHours } from '../lib/hours';
import { WeeklyHoursTable } from './weekly-hours-table';

interface WeeklyHoursFormProps {
  /** What is saved now (null: a brand that follows the location). */
  hours: OpeningHours | null;
  /** Names the controls: "Location" or the brand's title. */
  name: string;
  saving: boolean;
  error: string | null;
  onSave: (hours: OpeningHours) => void;
}

/** The weekly hours table (./weekly-hours-table.tsx) and Save. */
export function WeeklyHoursForm({ hours, name, saving, error, onSave }: WeeklyHoursFormProps) {
  const [rows, setRows] = useState<DayRow[]>(() => hoursToRows(hours));
  const saved = JSON.stringify(hours);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the saved hours change.
  useEffect(() => setRows(hoursToRows(hours)), [saved]);
  const invalid = rows.some((row) => rowProblem(row) !== null);
  return (
    <Stack gap="xs">
      <WeeklyHoursTable rows={rows} onChange={setRows} name={name} />
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
