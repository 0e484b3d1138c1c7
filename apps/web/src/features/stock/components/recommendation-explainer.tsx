import { type StockListItem, WEEKDAY_SHORT } from '@kitchaco/domain';
import { ActionIcon, Group, Popover, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { explainRecommendation, formatUsage } from '../lib/recommendation';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The (i) beside a recommended quantity: a button ("How 12 was worked out") that opens the figures
 * it came from on a click, Enter or Space, and closes on a second press, Escape or a click elsewhere.
 */
export function RecommendationExplainer({ item }: { item: StockListItem }) {
  const [opened, setOpened] = useState(false);
  const figures = item.recommendation;
  if (!figures) return null;
  const explanation = explainRecommendation(item);
  const label = `How ${item.recommended_order} was worked out for ${item.name}`;
  return (
    <Popover opened={opened} onChange={setOpened} width={340} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={label}
          aria-expanded={opened}
          onClick={() => setOpened((o) => !o)}
          // The focus stays on the button: Escape there closes the figures too.
          onKeyDown={(event) => {
            if (event.key === 'Escape' && opened) {
              event.stopPropagation();
              setOpened(false);
            }
          }}
        >
          <IconInfoCircle aria-hidden size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} ta="left">
          <Text size="sm" fw={700}>
            {explanation.heading}
          </Text>
          <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {explanation.sum}
          </Text>
          <Text size="xs" c="dimmed">
            Average use per weekday over the last {figures.weeks} weeks (the days this delivery covers in
            bold):
          </Text>
          <Group gap={8} wrap="nowrap" justify="space-between">
            {WEEKDAY_SHORT.map((day) => {
              const covered = figures.covers.includes(day);
              return (
                <Stack key={day} gap={0} align="center">
                  <Text size="xs" c={covered ? undefined : 'dimmed'} fw={covered ? 700 : 400}>
                    {day}
                  </Text>
                  <Text size="xs" c={covered ? undefined : 'dimmed'} fw={covered ? 700 : 400} style={numeric}>
                    {formatUsage(figures.per_weekday[day] ?? 0)}
                  </Text>
                </Stack>
              );
            })}
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
