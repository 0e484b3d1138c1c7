import { formatAUD, type MenuMeal, toMills } from '@kitchaco/domain';
import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { FoodImage } from '../../../components/food-image';
import classes from './meal-card.module.css';

interface MealCardProps {
  meal: MenuMeal;
  onChoose: (meal: MenuMeal) => void;
  /** Sold out for now: greyed, badged, and it cannot be chosen. */
  soldOut?: boolean;
}

/** One dish on the menu; choosing it opens its options. */
export function MealCard({ meal, onChoose, soldOut = false }: MealCardProps) {
  const price = formatAUD(toMills(meal.meal_price));
  return (
    <UnstyledButton
      className={classes.button}
      onClick={() => onChoose(meal)}
      aria-label={`${meal.meal_name}, ${price}${soldOut ? ', sold out' : ''}`}
      aria-haspopup={soldOut ? undefined : 'dialog'}
      disabled={soldOut}
      data-sold-out={soldOut || undefined}
    >
      <Paper withBorder radius="md" p="sm" h="100%" className={classes.card}>
        <Group gap="md" wrap="nowrap" align="stretch" h="100%">
          <Stack gap={6} flex={1} miw={0}>
            <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
              <Text fw={700}>{meal.meal_name}</Text>
              {soldOut && (
                <Badge color="dark" variant="filled" radius="sm" style={{ flex: 'none' }}>
                  Sold out
                </Badge>
              )}
            </Group>
            {meal.description && (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {meal.description}
              </Text>
            )}
            <Group gap="xs" mt="auto">
              <Text fw={700}>{price}</Text>
              {meal.meal_subitem.length > 0 && (
                <Text size="xs" c="dimmed">
                  · {meal.meal_subitem.length} options
                </Text>
              )}
              {meal.meal_combo.length > 0 && (
                <Text size="xs" c="dimmed">
                  · extras
                </Text>
              )}
            </Group>
          </Stack>
          <div className={classes.media} data-greyed={soldOut || undefined}>
            <FoodImage src={meal.meal_image} name={meal.meal_name} seed={meal.id} h={96} w={96} radius="sm" />
            {!soldOut && (
              <span className={classes.add} aria-hidden>
                <IconPlus size={18} stroke={2.5} />
              </span>
            )}
          </div>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}
