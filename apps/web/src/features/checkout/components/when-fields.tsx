import { Fieldset, Group, Radio, Stack } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { IconCalendar, IconClock } from '@tabler/icons-react';

interface WhenFieldsProps {
  later: boolean;
  onLater: (later: boolean) => void;
  date: string | null;
  onDate: (date: string | null) => void;
  time: string;
  onTime: (time: string) => void;
  range: { min: string; max: string };
  locationName: string;
  /** The server's refusal of the chosen time (outside opening hours, past, too far ahead). */
  error: string | null;
  disabled: boolean;
}

/** As soon as possible, or a date and time at the location (within the next week). */
export function WhenFields(props: WhenFieldsProps) {
  const { later, onLater, date, onDate, time, onTime, range, locationName, error, disabled } = props;
  return (
    <Fieldset legend="When" disabled={disabled}>
      <Stack gap="sm">
        <Radio
          name="order-when"
          value="now"
          checked={!later}
          onChange={() => onLater(false)}
          label="As soon as possible"
        />
        <Radio name="order-when" value="later" checked={later} onChange={() => onLater(true)} label="Later" />
        {later && (
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
        )}
      </Stack>
    </Fieldset>
  );
}
