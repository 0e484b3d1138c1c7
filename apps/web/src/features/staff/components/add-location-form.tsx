import type { KitchacoLocation, OpeningHours } from '@kitchaco/domain';
import {
  Alert,
  Autocomplete,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useAddLocation } from '../api/add-location';
import { serverFieldError } from '../lib/account-form';
import {
  COMMON_TIME_ZONES,
  EMPTY_LOCATION,
  type LocationFormValues,
  locationFormErrors,
  toLocationRequest,
} from '../lib/location-form';

const FIELDS = [
  'name',
  'address',
  'suburb',
  'lat',
  'lng',
  'time_zone',
  'email',
  'external_operator_id',
  'delivery_charge',
] as const;

interface AddLocationFormProps {
  operators: { value: string; label: string }[];
  /** The weekly hours as entered; null while a day is wrong (the hours field says which). */
  hours: OpeningHours | null;
  /** The weekly hours field, kept by the page. */
  hoursField: ReactNode;
  onAdded: (location: KitchacoLocation) => void;
}

/** Name, address, position, time zone, weekly hours and the optional email, operator and charge. */
export function AddLocationForm({ operators, hours, hoursField, onAdded }: AddLocationFormProps) {
  const add = useAddLocation();
  const form = useForm<LocationFormValues>({ initialValues: EMPTY_LOCATION, validate: locationFormErrors });
  const submit = form.onSubmit((values) => {
    if (!hours) return;
    add.mutate(toLocationRequest(values, hours), {
      onSuccess: ({ location }) => {
        form.reset();
        onAdded(location);
      },
      onError: (error) => {
        const { field, message } = serverFieldError(error, FIELDS);
        if (field !== 'form') form.setFieldError(field, message);
      },
    });
  });
  const failure = add.error ? serverFieldError(add.error, [...FIELDS, 'opening_hours']) : null;

  return (
    <form onSubmit={submit} noValidate aria-label="Add location">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <TextInput
            label="Address"
            placeholder="Street and number"
            required
            {...form.getInputProps('address')}
          />
          <TextInput label="Suburb" required {...form.getInputProps('suburb')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label="Latitude"
            required
            decimalScale={6}
            min={-90}
            max={90}
            {...form.getInputProps('lat')}
          />
          <NumberInput
            label="Longitude"
            required
            decimalScale={6}
            min={-180}
            max={180}
            {...form.getInputProps('lng')}
          />
          <Autocomplete
            label="Time zone"
            data={COMMON_TIME_ZONES}
            required
            {...form.getInputProps('time_zone')}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          To find the latitude and longitude, right-click the place in Google Maps (or long-press on a phone):
          the first line of the menu is “latitude, longitude”, such as -37.8136, 144.9631. Customers see the
          location on the map there. The time zone is one of the list, or any IANA zone typed in full.
        </Text>
        <Title order={4} size="h5">
          Weekly opening hours
        </Title>
        {hoursField}
        {failure?.field === 'opening_hours' && (
          <Text c="red" size="sm" role="alert">
            {failure.message}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Email"
            description="Optional: where the location's notices go"
            type="email"
            {...form.getInputProps('email')}
          />
          <Select
            label="External operator"
            description="Optional: the business running it"
            clearable
            searchable
            data={operators}
            {...form.getInputProps('external_operator_id')}
          />
          <NumberInput
            label="Delivery charge"
            description="Optional, in dollars"
            prefix="$"
            min={0}
            max={1000}
            decimalScale={2}
            {...form.getInputProps('delivery_charge')}
          />
        </SimpleGrid>
        {failure?.field === 'form' && (
          <Alert color="red" variant="light" role="alert" title="The location was not added">
            {failure.message}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={add.isPending} disabled={!hours}>
            Add location
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
