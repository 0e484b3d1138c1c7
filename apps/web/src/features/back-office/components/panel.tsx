import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PanelProps {
  title: string;
  /** Beside the title: a Download CSV button. */
  action?: ReactNode;
  children: ReactNode;
}

/** One titled block of a back-office screen (a table or a chart), a region named by its title. */
export function Panel({ title, action, children }: PanelProps) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={3} size="h5" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}
