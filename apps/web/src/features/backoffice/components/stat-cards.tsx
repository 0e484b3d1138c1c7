import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import { tabularNums } from '../../../components/amounts';
import type { Delta } from '../lib/comparison';

export interface Stat {
  label: string;
  value: string;
  /** The change against the previous period, when there is one to show. */
  delta?: Delta | null;
}

// Theme colours with at least 4.5:1 on the card's white: good news teal, bad news red.
const DELTA_COLOR = { good: 'teal.9', bad: 'red.9', neutral: 'gray.7' } as const;
const ARROWS = { up: IconArrowUpRight, down: IconArrowDownRight, flat: IconArrowRight } as const;

/**
 * A change with its arrow, coloured by whether it is good news: the whole sentence on a figure card,
 * the percentage alone in a table whose header names the period (`short`).
 */
export function DeltaLine({ delta, short = false }: { delta: Delta; short?: boolean }) {
  const Arrow = ARROWS[delta.direction];
  const color = delta.good === null ? DELTA_COLOR.neutral : delta.good ? DELTA_COLOR.good : DELTA_COLOR.bad;
  return (
    <Text
      component={short ? 'span' : 'dd'}
      m={0}
      mt={short ? 0 : 4}
      size={short ? 'sm' : 'xs'}
      fw={600}
      c={color}
      style={tabularNums}
    >
      <Group component="span" gap={2} wrap="nowrap" justify={short ? 'flex-end' : undefined}>
        <Arrow aria-hidden size={14} stroke={2.2} style={{ flex: 'none' }} />
        <span>{short ? delta.percent : delta.text}</span>
      </Group>
    </Text>
  );
}

/** Headline figures as a description list of cards; each may tell its change against the previous period. */
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
          {stat.delta && <DeltaLine delta={stat.delta} />}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
