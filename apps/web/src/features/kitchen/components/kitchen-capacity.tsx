import { formatPickupTime } from '@kitchaco/domain';
import { Alert, Button, Group, Loader, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useKitchenCapacity, useSaveKitchenCapacity } from '../api/kitchen-capacity';

/**
 * The back office's kitchen capacity panel (docs/kitchen.md, "Capacity"): items per 15-minute slot
 * (empty: unlimited), the load of the next slots, and the busy switch that pauses online ordering.
 */
export function KitchenCapacityPanel({ locationId = null }: { locationId?: number | null }) {
  const capacity = useKitchenCapacity(locationId);
  const save = useSaveKitchenCapacity(locationId);
  const [items, setItems] = useState<string | number>('');
  const current = capacity.data?.slot_capacity_items ?? null;
  useEffect(() => setItems(current ?? ''), [current]);
  const saved = (message: string) => ({ onSuccess: () => notifications.show({ color: 'green', message }) });
  const data = capacity.data;
  // Slots and the busy end on the location's clock (a super admin may be in another zone).
  const time = (iso: string) => (data ? formatPickupTime(new Date(iso), data.time_zone) : '');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="kitchen-capacity-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="kitchen-capacity-title">
          Kitchen capacity
        </Title>
        <Text size="sm">
          How many items the kitchen makes per 15 minutes. Online checkouts are offered a later pickup time
          when a slot is full; marketplace orders are always taken and count. Leave it empty for no limit.
        </Text>
        {capacity.isPending && <Loader size="sm" role="status" aria-label="Loading the kitchen capacity" />}
        {(capacity.error || save.error) && (
          <Alert color="red" variant="light" role="alert" title="Kitchen capacity">
            {(save.error ?? capacity.error)?.message}
          </Alert>
        )}
        {data && (
          <>
            <Group align="flex-end" gap="sm">
              <NumberInput
                label="Items per 15 minutes"
                placeholder="No limit"
                min={1}
                max={10_000}
                allowDecimal={false}
                value={items}
                onChange={setItems}
                w={200}
              />
              <Button
                loading={save.isPending}
                onClick={() =>
                  save.mutate(
                    { slot_capacity_items: items === '' ? null : Number(items) },
                    saved('Kitchen capacity saved.'),
                  )
                }
              >
                Save capacity
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              Items promised:{' '}
              {data.load
                .map((l) => `${time(l.slot)} ${l.items}${current === null ? '' : `/${current}`}`)
                .join(' · ')}
            </Text>
            <Text size="sm" fw={600} role="status">
              {data.busy_until
                ? `Busy: online ordering is paused until ${time(data.busy_until)}.`
                : 'Online ordering is open.'}
            </Text>
            <Group gap="sm">
              {[15, 30, 60].map((m) => (
                <Button
                  key={m}
                  variant="default"
                  disabled={save.isPending}
                  onClick={() =>
                    save.mutate(
                      { busy_minutes: m as 15 | 30 | 60 },
                      saved(`Online ordering paused for ${m} minutes.`),
                    )
                  }
                >
                  Busy for {m} min
                </Button>
              ))}
              {data.busy_until && (
                <Button
                  color="green.8"
                  disabled={save.isPending}
                  onClick={() => save.mutate({ busy_minutes: 0 }, saved('Online ordering is open again.'))}
                >
                  Not busy
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
