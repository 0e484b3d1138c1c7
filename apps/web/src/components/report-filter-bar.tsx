import type { KitchacoLocation } from '@kitchaco/domain';
import { Button, Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type DateRange, withEnd, withStart } from '../lib/date-range';
import type { ReportFilters } from '../lib/report-filters/use-report-filters';
import { LocationSelect } from './location-select';

interface ReportFilterBarProps {
  /** The locations to choose from; absent, the bar has no location filter (an operator's screens). */
  locations?: readonly KitchacoLocation[];
  /** The filters in force; the bar edits a draft of them until Apply. */
  applied: ReportFilters;
  onApply: (filters: ReportFilters) => void;
  withAll?: boolean;
  startLabel?: string;
  endLabel?: string;
  loading?: boolean;
  /** The form's accessible name; each filter bar of a page needs its own. */
  label?: string;
  /**
   * Further filters of the screen, after the dates. The screen keeps their draft and commits it in
   * `onApply`, so every filter takes effect together on Apply.
   */
  children?: ReactNode;
  /** Further filters of the screen before the dates (an operator choice), kept like `children`. */
  leading?: ReactNode;
  /** False keeps Apply disabled (a required further filter is not chosen yet). */
  canApply?: boolean;
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
  label = 'Filters',
  children,
  leading,
  canApply = true,
}: ReportFilterBarProps) {
  const [locationId, setLocationId] = useState(applied.locationId);
  const [range, setRange] = useState<DateRange>({ start: applied.startDate, end: applied.endDate });
  const { start: startDate, end: endDate } = range;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!startDate || !endDate || !canApply) return;
    onApply({ locationId, startDate, endDate });
  };

  return (
    <form onSubmit={submit} aria-label={label}>
      <Group align="flex-end" gap="md">
        {leading}
        {locations && (
          <LocationSelect
            locations={locations}
            value={locationId}
            onChange={setLocationId}
            withAll={withAll}
            w={240}
          />
        )}
        <DatePickerInput
          label={startLabel}
          value={startDate}
          // A start after the end moves the end (keeping the range's length) rather than being refused.
          onChange={(start) => setRange((current) => withStart(current, start))}
          valueFormat="DD/MM/YYYY"
          leftSection={<IconCalendar aria-hidden size={18} />}
          w={160}
          required
          {...calendarLabels}
        />
        <DatePickerInput
          label={endLabel}
          value={endDate}
          onChange={(end) => setRange((current) => withEnd(current, end))}
          valueFormat="DD/MM/YYYY"
          leftSection={<IconCalendar aria-hidden size={18} />}
          w={160}
          required
          {...calendarLabels}
        />
        {children}
        <Button type="submit" loading={loading} disabled={!startDate || !endDate || !canApply}>
          Apply
        </Button>
      </Group>
    </form>
  );
}

/** The calendar's arrow buttons are icons: without these names a screen reader hears "button". */
const calendarLabels = {
  nextLabel: 'Next month',
  previousLabel: 'Previous month',
  popoverProps: { withinPortal: true },
} as const;
