import { addDays, fortnightEnd, fortnightStartOf, type IsoDate, isFortnightStart } from '@kitchaco/domain';
import { TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { displayDate, todayIso } from '../../../lib/report-filters/use-report-filters';

/** The Monday the last ended fortnight began: what the report screens open on. */
export function lastEndedFortnightStart(): IsoDate {
  return addDays(fortnightStartOf(todayIso()), -14);
}

/**
 * The fortnight a report screen opens on: the one chosen on another screen when the stored dates are
 * an ended fortnight (a Monday and 13 days later), else the last ended fortnight.
 */
export function fortnightOf(stored: { startDate: IsoDate; endDate: IsoDate }): IsoDate {
  const { startDate, endDate } = stored;
  const chosen = isFortnightStart(startDate) && fortnightEnd(startDate) === endDate && endDate < todayIso();
  return chosen ? startDate : lastEndedFortnightStart();
}

interface FortnightFieldsProps {
  start: IsoDate;
  onStartChange: (start: IsoDate) => void;
}

/**
 * A fortnight as the spec's report screens take it: a start date that can only be a Monday, and the
 * end date, start plus 13 days, shown read-only.
 */
export function FortnightFields({ start, onStartChange }: FortnightFieldsProps) {
  return (
    <>
      <DatePickerInput
        label="Start date (a Monday)"
        value={start}
        onChange={(next) => next && onStartChange(next)}
        excludeDate={(date) => !isFortnightStart(date)}
        maxDate={todayIso()}
        valueFormat="DD/MM/YYYY"
        leftSection={<IconCalendar aria-hidden size={18} />}
        w={180}
        required
        nextLabel="Next month"
        previousLabel="Previous month"
        popoverProps={{ withinPortal: true }}
      />
      <TextInput label="End date" value={displayDate(fortnightEnd(start))} readOnly w={140} />
    </>
  );
}
