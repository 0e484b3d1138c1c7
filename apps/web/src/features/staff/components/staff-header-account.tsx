import { Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';

interface StaffHeaderAccountProps {
  firstName: string;
  lastName: string;
  onLogout: () => void;
  loggingOut: boolean;
}

export function StaffHeaderAccount({ firstName, lastName, onLogout, loggingOut }: StaffHeaderAccountProps) {
  return (
    <Group gap="md">
      <Text fw={600}>
        Welcome {firstName} {lastName}
      </Text>
      <Button
        variant="default"
        leftSection={<IconLogout aria-hidden size={18} />}
        onClick={onLogout}
        loading={loggingOut}
      >
        Logout
      </Button>
    </Group>
  );
}
