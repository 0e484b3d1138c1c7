import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface ReportSectionProps {
  title: string;
  /** Beside the title. */
  action?: ReactNode;
  children: ReactNode;
}

/** One titled block of a report or invoice, a region named by its title. */
export function ReportSection({ title, action, children }: ReportSectionProps) {
  const id = `finance-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={4} size="h5" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}
