import { Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export const UNMATCHED_MEAL_TOOLTIP = "This meal's name is not the same across delivery platforms";

/**
 * A marketplace meal name that matches none of our meals (meal id -1): red, with a tooltip on hover,
 * focus and touch, and the same words for screen readers.
 */
export function UnmatchedMealName({ name }: { name: string }) {
  return (
    <Tooltip label={UNMATCHED_MEAL_TOOLTIP} withArrow multiline w={260} events={tooltipEvents}>
      <Group
        component="span"
        gap={4}
        wrap="nowrap"
        tabIndex={0}
        c="var(--mantine-color-error)"
        fw={600}
        style={focusRing}
      >
        <IconAlertTriangle aria-hidden size={16} />
        {name}
        <VisuallyHidden>({UNMATCHED_MEAL_TOOLTIP})</VisuallyHidden>
      </Group>
    </Tooltip>
  );
}

const tooltipEvents = { hover: true, focus: true, touch: true };
const focusRing = { display: 'inline-flex', outlineOffset: 2, borderRadius: 4, cursor: 'help' } as const;
