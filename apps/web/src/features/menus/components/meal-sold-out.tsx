import { onSaleAt } from '@kitchaco/domain';
import { Badge, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { backAt } from '../../../lib/sold-out';
import { useSetMealSoldOut } from '../api/set-meal-sold-out';

/**
 * A meal's sold-out state on the menu list. On sale: a neutral "Mark sold out" action (outline, not
 * red: it is an action, not a state). Sold out: a red "Sold out today" badge, when it is back on the
 * location's clock ("Back Thu 11:00 AM") once the location's time zone is known, and the action
 * "Back on sale". Each action's accessible name names the meal. The admin menu's `sold_out_until`
 * is read as optional (an older server leaves it out: no badge, the action still works).
 */
export function MealSoldOut({
  meal,
  timeZone,
}: {
  meal: { id: number; meal_name: string; sold_out_until?: string | null };
  /** The meal's location's zone; undefined while the locations load (the badge says "Sold out"). */
  timeZone?: string;
}) {
  const change = useSetMealSoldOut();
  const now = new Date();
  const until = meal.sold_out_until ?? null;
  const soldOut = until !== null && !onSaleAt(until, now);
  const set = (next: 'today' | null, done: string) =>
    change.mutate(
      { meal_id: meal.id, until: next },
      {
        onSuccess: () => notifications.show({ color: 'green', message: done }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            autoClose: 8_000,
            message: `${meal.meal_name} was not changed: ${error.message}`,
          }),
      },
    );
  const action = soldOut ? 'Back on sale' : 'Mark sold out';
  return (
    <Group gap="xs" justify="space-between" wrap="wrap">
      {soldOut ? (
        <Group gap={6} wrap="nowrap">
          <Badge color="red.9" variant="filled" tt="none" radius="sm">
            Sold out today
          </Badge>
          {timeZone && until && (
            <Text size="xs" c="dimmed">
              Back {backAt(until, timeZone, now)}
            </Text>
          )}
        </Group>
      ) : (
        <span />
      )}
      <Button
        size="compact-sm"
        variant="default"
        loading={change.isPending}
        onClick={() =>
          soldOut
            ? set(null, `${meal.meal_name} is back on sale.`)
            : set('today', `${meal.meal_name} is sold out today.`)
        }
        aria-label={`${action}: ${meal.meal_name}`}
      >
        {action}
      </Button>
    </Group>
  );
}
