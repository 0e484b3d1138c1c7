import { formatPickupTime } from '@kitchaco/domain';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';

interface KitchenFullProps {
  /** The later pickup times with room for this cart (ISO), soonest first. */
  slots: readonly string[];
  timeZone: string;
  onChoose: (slot: string) => void;
  disabled: boolean;
}

/**
 * The kitchen has no room for the cart at the chosen time (docs/kitchen.md, "Capacity"): the next
 * pickup times with room, one tap each. Paying waits for one of them (the server would refuse).
 */
export function KitchenFull({ slots, timeZone, onChoose, disabled }: KitchenFullProps) {
  const now = new Date();
  return (
    <Alert
      color="orange"
      variant="light"
      title="The kitchen is full at that time"
      icon={<IconClockExclamation aria-hidden />}
      role="alert"
    >
      {slots.length === 0 ? (
        <Text size="sm">There is no room in the next day. Please try again later.</Text>
      ) : (
        <>
          <Text size="sm" mb="sm">
            Choose a later pickup time:
          </Text>
          <Group gap="xs">
            {slots.map((slot) => (
              <Button key={slot} variant="default" onClick={() => onChoose(slot)} disabled={disabled}>
                {formatPickupTime(new Date(slot), timeZone, now)}
              </Button>
            ))}
          </Group>
        </>
      )}
    </Alert>
  );
}
