import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PanelProps {
  title: string;
  /** Beside the title: a Download CSV button. */
  action?: ReactNode;
  /** The title's heading level: 3 on a back-office screen, 4 inside a finance report. */
  level?: 3 | 4;
  /** Starts the title's id, which names the region. */
  idPrefix?: string;
  children: ReactNode;
}

/** One titled block of a staff screen (a table, a chart, a part of a report), a region named by its title. */
export function Panel({ title, action, level = 3, idPrefix = 'panel', children }: PanelProps) {
  const id = `${idPrefix}-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={level} size="h5" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}
