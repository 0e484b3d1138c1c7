import type { KitchenAvailabilityResponse } from '@kitchaco/domain';
import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useAddClosure, useRemoveClosure } from '../api/kitchen-availability';
import { allDayOn, formatWhen, zonedInputToIso } from '../lib/hours';

const LOCATION = 'location';

interface ClosureFormValues {
  /** The location, or a brand's vendor id. */
  where: string;
  mode: 'day' | 'range';
  date: string;
  from: string;
  until: string;
  reason: string;
}

/** The form: where (the location or a brand), all day on a date or from … until, and the reason. */
function AddClosureForm({
  data,
  locationId,
}: {
  data: KitchenAvailabilityResponse;
  locationId: number | null;
}) {
  const add = useAddClosure(locationId);
  const form = useForm<ClosureFormValues>({
    initialValues: { where: LOCATION, mode: 'day', date: '', from: '', until: '', reason: '' },
  });
  const { where, mode, date, from, until, reason } = form.values;
  const [problem, setProblem] = useState<string | null>(null);
  const tz = data.time_zone;

  const submit = form.onSubmit(() => {
    const range =
      mode === 'day'
        ? allDayOn(date, tz)
        : (() => {
            const s = zonedInputToIso(from, tz);
            const e = zonedInputToIso(until, tz);
            return s && e ? { starts_at: s, ends_at: e } : null;
          })();
    if (!range) return setProblem(mode === 'day' ? 'Choose the date.' : 'Choose when it starts and ends.');
    if (range.ends_at <= range.starts_at) return setProblem('The end must be after the start.');
    if (!reason.trim()) return setProblem('Give a reason: customers see it.');
    setProblem(null);
    const brand = data.brands.find((b) => String(b.vendor_id) === where);
    add.mutate(
      { ...range, reason: reason.trim(), ...(brand ? { vendor_id: brand.vendor_id } : {}) },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: `Closure added: ${brand?.title ?? 'the whole location'}.`,
          });
          form.setFieldValue('reason', '');
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="add-closure-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="add-closure-title">
          Add closure
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Closed"
            data={[
              { value: LOCATION, label: 'The whole location' },
              ...data.brands.map((b) => ({ value: String(b.vendor_id), label: b.title })),
            ]}
            value={where}
            onChange={(v) => v && form.setFieldValue('where', v)}
            allowDeselect={false}
            w={240}
            comboboxProps={{ withinPortal: true }}
          />
          <SegmentedControl
            value={mode}
            onChange={(v) => form.setFieldValue('mode', v as ClosureFormValues['mode'])}
            data={[
              { value: 'day', label: 'All day on a date' },
              { value: 'range', label: 'From … until' },
            ]}
            aria-label="How long"
          />
        </Group>
        <Group align="flex-start" gap="sm" wrap="wrap">
          {mode === 'day' ? (
            <TextInput
              type="date"
              label="Date"
              value={date}
              onChange={(e) => form.setFieldValue('date', e.currentTarget.value)}
              w={200}
            />
          ) : (
            <>
              <TextInput
                type="datetime-local"
                label="From"
                value={from}
                onChange={(e) => form.setFieldValue('from', e.currentTarget.value)}
                w={240}
              />
              <TextInput
                type="datetime-local"
                label="Until"
                value={until}
                onChange={(e) => form.setFieldValue('until', e.currentTarget.value)}
                w={240}
              />
            </>
          )}
          <TextInput
            label="Reason (customers see it)"
            placeholder="Public holiday"
            maxLength={120}
            value={reason}
            onChange={(e) => form.setFieldValue('reason', e.currentTarget.value)}
            w={280}
          />
        </Group>
        {(problem || add.error) && (
          <Alert color="red" variant="light" role="alert" title="The closure was not added">
            {problem ?? add.error?.message}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={add.isPending}>
            Add closure
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Closures that have not ended (location-wide or one brand) with Remove, and the form to add one. */
export function ClosuresPanel({
  data,
  locationId,
}: {
  data: KitchenAvailabilityResponse;
  locationId: number | null;
}) {
  const remove = useRemoveClosure(locationId);
  const brandTitle = (id: number | null) =>
    id === null ? 'Whole location' : (data.brands.find((b) => b.vendor_id === id)?.title ?? `Brand ${id}`);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="closures-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="closures-title">
          Closures
        </Title>
        <Text size="sm">
          Holidays and other closed times, on top of the weekly hours ({data.time_zone}). Ended ones drop off.
        </Text>
        {data.closures.length === 0 ? (
          <Text c="dimmed">No closures coming up.</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-labelledby="closures-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Closed</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>Until</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.closures.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>{brandTitle(c.vendor_id)}</Table.Td>
                    <Table.Td>{formatWhen(c.starts_at, data.time_zone)}</Table.Td>
                    <Table.Td>{formatWhen(c.ends_at, data.time_zone)}</Table.Td>
                    <Table.Td>{c.reason}</Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="default"
                        c="red.9"
                        loading={remove.isPending && remove.variables === c.id}
                        onClick={() =>
                          remove.mutate(c.id, {
                            onSuccess: () =>
                              notifications.show({ color: 'green', message: 'Closure removed.' }),
                          })
                        }
                        aria-label={`Remove closure: ${brandTitle(c.vendor_id)}, ${c.reason}`}
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {remove.error && (
          <Alert color="red" variant="light" role="alert" title="The closure was not removed">
            {remove.error.message}
          </Alert>
        )}
        <AddClosureForm data={data} locationId={locationId} />
      </Stack>
    </Paper>
  );
}
