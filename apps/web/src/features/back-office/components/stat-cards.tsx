import { Paper, SimpleGrid, Text } from '@mantine/core';
import { tabularNums } from '../../../components/amounts';

export interface Stat {
  label: string;
  value: string;
}

/** Headline figures as a description list of cards. */
export function StatCards({ stats, cols = 5 }: { stats: readonly Stat[]; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: cols }} spacing="md" component="dl" m={0}>
      {stats.map((stat) => (
        <Paper key={stat.label} withBorder p="md">
          <Text component="dt" size="sm" c="dimmed">
            {stat.label}
          </Text>
          <Text component="dd" m={0} fw={700} fz="xl" style={tabularNums}>
            {stat.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
