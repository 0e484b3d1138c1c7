import { Alert, Badge, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** The location's stock expiring soon, compact above the list. */
export function ExpiryReminders({ reminders }: { reminders: { name: string; expiring_on: string }[] }) {
  return (
    <Alert
      color="orange"
      variant="light"
      py="xs"
      icon={<IconAlertTriangle aria-hidden size={20} />}
      // Standing information, not an interruption: a note, not an alert.
      role="note"
      aria-label="Stock expiring soon"
    >
      <Group gap="xs" align="center">
        <Text size="sm" fw={700} mr={4}>
          Stock expiring soon
        </Text>
        {reminders.map((r) => (
          <Badge
            key={`${r.name}-${r.expiring_on}`}
            variant="outline"
            color="orange.9"
            c="black"
            tt="none"
            fw={500}
            size="lg"
            radius="sm"
            bg="white"
          >
            {r.name} · {r.expiring_on}
          </Badge>
        ))}
      </Group>
    </Alert>
  );
}
