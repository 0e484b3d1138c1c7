import { Group } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import type { WhenFieldsProps } from './when-fields';

export type LaterTimeFieldsProps = Omit<WhenFieldsProps, 'later' | 'onLater'>;

/**
 * The date and time of a later order. Mantine's date picker (with its popover, Floating UI and
 * calendar) loads only when the customer chooses "Later".
 */
export function LaterTimeFields({
  date,
  onDate,
  time,
  onTime,
  range,
  locationName,
  error,
  disabled,
}: LaterTimeFieldsProps) {
  return (
    <Group grow align="flex-start">
      <DatePickerInput
        label="Date"
        value={date}
        onChange={onDate}
        minDate={range.min}
        maxDate={range.max}
        valueFormat="ddd D MMM YYYY"
        leftSection={<IconCalendar aria-hidden size={18} />}
        required
        disabled={disabled}
      />
      <TimeInput
        label="Time"
        description={`Local time at ${locationName}`}
        value={time}
        onChange={(event) => onTime(event.currentTarget.value)}
        leftSection={<IconClock aria-hidden size={18} />}
        error={error}
        required
        disabled={disabled}
      />
    </Group>
  );
}
