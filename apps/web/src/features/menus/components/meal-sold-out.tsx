import { onSaleAt } from '@kitchaco/domain';
import { Badge, Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { saleState } from '../../../lib/sold-out';
import { useSetMealSoldOut } from '../api/set-meal-sold-out';

/**
 * A meal's sold-out state on the menu list: a "Sold out" badge when it is, with the time it is back
 * on the location's clock ("Sold out · back Thu 11:00 AM") once the location's time zone is known,
 * and one small action, "Sold out today" or "Back on sale". The admin menu's `sold_out_until` is
 * read as optional (an older server leaves it out: no badge, the action still works).
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
  return (
    <Group gap="xs" justify="space-between" wrap="wrap">
      {soldOut ? (
        <Badge color="red.9" variant="filled" tt="none" radius="sm">
          {timeZone ? saleState(until, timeZone, now) : 'Sold out'}
        </Badge>
      ) : (
        <span />
      )}
      <Button
        size="compact-sm"
        variant="default"
        c={soldOut ? 'dark.7' : 'red.9'}
        loading={change.isPending}
        onClick={() =>
          soldOut
            ? set(null, `${meal.meal_name} is back on sale.`)
            : set('today', `${meal.meal_name} is sold out today.`)
        }
        aria-label={`${soldOut ? 'Back on sale' : 'Sold out today'}: ${meal.meal_name}`}
      >
        {soldOut ? 'Back on sale' : 'Sold out today'}
      </Button>
    </Group>
  );
}
