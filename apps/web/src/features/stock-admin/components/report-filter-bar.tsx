import type { IsoDate, KitchacoLocation } from '@kitchaco/domain';
import { Button, Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import type { ReportFilters } from '../hooks/use-report-filters';
import { LocationSelect } from './location-select';

interface ReportFilterBarProps {
  locations: readonly KitchacoLocation[];
  /** The filters in force; the bar edits a draft of them until Apply. */
  applied: ReportFilters;
  onApply: (filters: ReportFilters) => void;
  withAll?: boolean;
  startLabel?: string;
  endLabel?: string;
  loading?: boolean;
}

/** Location, start and end date (dd/MM/yyyy) and Apply, as on every back-office report. */
export function ReportFilterBar({
  locations,
  applied,
  onApply,
  withAll = false,
  startLabel = 'Start date',
  endLabel = 'End date',
  loading,
}: ReportFilterBarProps) {
  const [locationId, setLocationId] = useState(applied.locationId);
  const [startDate, setStartDate] = useState<IsoDate | null>(applied.startDate);
  const [endDate, setEndDate] = useState<IsoDate | null>(applied.endDate);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!startDate || !endDate) return;
    onApply({ locationId, startDate, endDate });
  };

  return (
    <form onSubmit={submit} aria-label="Filters">
      <Group align="flex-end" gap="md">
        <LocationSelect locations={locations} value={locationId} onChange={setLocationId} withAll={withAll} />
        <DatePickerInput
          label={startLabel}
          value={startDate}
          onChange={setStartDate}
          maxDate={endDate ?? undefined}
          valueFormat="DD/MM/YYYY"
          leftSection={<IconCalendar aria-hidden size={18} />}
          w={180}
          required
        />
        <DatePickerInput
          label={endLabel}
          value={endDate}
          onChange={setEndDate}
          minDate={startDate ?? undefined}
          valueFormat="DD/MM/YYYY"
          leftSection={<IconCalendar aria-hidden size={18} />}
          w={180}
          required
        />
        <Button type="submit" loading={loading} disabled={!startDate || !endDate}>
          Apply
        </Button>
      </Group>
    </form>
  );
}
