import { Fieldset, Radio, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';

const LaterTimeFields = lazy(async () => ({
  default: (await import('./later-time-fields')).LaterTimeFields,
}));

export interface WhenFieldsProps {
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
  const { later, onLater, ...fields } = props;
  const { disabled } = fields;
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
          <Suspense fallback={null}>
            <LaterTimeFields {...fields} />
          </Suspense>
        )}
      </Stack>
    </Fieldset>
  );
}
