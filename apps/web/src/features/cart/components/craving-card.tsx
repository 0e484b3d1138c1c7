import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconToolsKitchen2 } from '@tabler/icons-react';

/** The cart's invitation to add dishes from other restaurants of the same location. */
export function CravingCard({ onAddMore }: { onAddMore: () => void }) {
  return (
    <Paper withBorder radius="md" p="lg" bg="orange.0">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="h4">
          Craving something else?
        </Title>
        <Text>
          You can add more dishes to your cart from different restaurants without any additional delivery
          charges.
        </Text>
        <Button
          variant="default"
          leftSection={<IconToolsKitchen2 aria-hidden size={18} />}
          onClick={onAddMore}
        >
          Add from other restaurant
        </Button>
      </Stack>
    </Paper>
  );
}
