import { formatAUD, type Mills } from '@kitchaco/domain';
import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { tabularNums } from '../../../components/amounts';

/** One fact of the order (a term and its value) in the review's description list. */
export function Fact({ term, children, numeric }: { term: string; children: ReactNode; numeric?: boolean }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" m={0} fw={600} style={numeric ? tabularNums : undefined}>
        {children}
      </Text>
    </Stack>
  );
}

/** One amount of the review's totals. */
export function TotalRow({ term, value, strong }: { term: string; value: Mills; strong?: boolean }) {
  return (
    <Group
      justify="space-between"
      py={2}
      mt={strong ? 'xs' : undefined}
      pt={strong ? 'xs' : undefined}
      style={strong ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
    >
      <Text component="dt" fw={strong ? 700 : 400} size={strong ? 'lg' : 'sm'}>
        {term}
      </Text>
      <Text component="dd" m={0} fw={strong ? 700 : 500} size={strong ? 'lg' : 'sm'} style={tabularNums}>
        {formatAUD(value)}
      </Text>
    </Group>
  );
}
