import type { KitchenAvailabilityResponse } from '@kitchaco/domain';
import { Button, Drawer, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryError } from '../../../components/query-state';
import { backAt, saleState } from '../../../lib/sold-out';
import { useKitchenAvailability, useSetMealSoldOut } from '../api/kitchen-availability';
import { localInputValue, searchMeals } from '../lib/availability';
import classes from './kitchen.module.css';

type Meal = KitchenAvailabilityResponse['brands'][number]['meals'][number];

const WEEK_MS = 7 * 86_400_000;

interface MealRowProps {
  meal: Meal;
  brand: string;
  timeZone: string;
  onChange: (meal: Meal, until: 'today' | string | null, done: string) => void;
}

/** One meal: its state in words and the three actions, each at least 48 px. */
function MealRow({ meal, brand, timeZone, onChange }: MealRowProps) {
  const [choosing, setChoosing] = useState(false);
  const [until, setUntil] = useState('');
  const now = new Date();
  const state = saleState(meal.sold_out_until, timeZone, now);
  const soldOut = state !== 'On sale';
  const chosen = until ? new Date(until) : null;
  const chosenOk =
    chosen !== null && chosen.getTime() > now.getTime() && chosen.getTime() <= now.getTime() + WEEK_MS;
  return (
    <Paper
      withBorder
      p="sm"
      component="li"
      className={classes.soldOutRow}
      data-sold-out={soldOut || undefined}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2} miw={0}>
          <Text fw={700} size="lg">
            {meal.meal_name}
          </Text>
          <Text fw={600} c={soldOut ? 'red.9' : 'dark.6'}>
            {state}
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          {/* An action, not a state: outlined, so a column of them never reads as sold out (issue 38). */}
          <Button
            className={classes.touch}
            variant="outline"
            color="red.9"
            onClick={() => onChange(meal, 'today', `${meal.meal_name} is sold out today.`)}
            aria-label={`Mark sold out today: ${meal.meal_name} (${brand})`}
          >
            Mark sold out today
          </Button>
          <Button
            className={classes.touch}
            variant="default"
            aria-expanded={choosing}
            onClick={() => setChoosing((c) => !c)}
            aria-label={`Until a chosen time: ${meal.meal_name} (${brand})`}
          >
            Until…
          </Button>
          {soldOut && (
            <Button
              className={classes.touch}
              color="green.8"
              onClick={() => onChange(meal, null, `${meal.meal_name} is back on sale.`)}
              aria-label={`Back on sale: ${meal.meal_name} (${brand})`}
            >
              Back on sale
            </Button>
          )}
        </Group>
      </Group>
      {choosing && (
        <Group align="flex-end" gap="sm" mt="sm" wrap="wrap">
          <TextInput
            type="datetime-local"
            size="lg"
            label={`Sold out until (${meal.meal_name})`}
            min={localInputValue(now)}
            max={localInputValue(new Date(now.getTime() + WEEK_MS))}
            value={until}
            onChange={(e) => setUntil(e.currentTarget.value)}
            error={until && !chosenOk ? 'Choose a time within the next 7 days.' : undefined}
          />
          <Button
            className={classes.touch}
            size="lg"
            disabled={!chosenOk}
            onClick={() => {
              if (!chosen) return;
              onChange(
                meal,
                chosen.toISOString(),
                `${meal.meal_name} is sold out until ${backAt(chosen.toISOString(), timeZone, now)}.`,
              );
              setChoosing(false);
              setUntil('');
            }}
          >
            Sold out until then
          </Button>
        </Group>
      )}
    </Paper>
  );
}

/**
 * The kitchen's "Sold out" panel (docs/kitchen.md): every brand's meals with search, each "On sale"
 * or "Sold out · back Thu 11:00 AM", with Sold out today (back at the next opening on a later day),
 * Until… a chosen time, and Back on sale. Changes show at once; a refusal puts the meal back and
 * says why.
 */
export function SoldOutPanel({
  locationId,
  opened,
  onClose,
}: {
  locationId: number | null;
  opened: boolean;
  onClose: () => void;
}) {
  const availability = useKitchenAvailability(locationId, opened);
  const setSoldOut = useSetMealSoldOut(locationId);
  const [search, setSearch] = useState('');
  const data = availability.data;
  const brands = data ? searchMeals(data.brands, search) : [];
  const change = (meal: Meal, until: 'today' | string | null, done: string) =>
    setSoldOut.mutate(
      { meal_id: meal.id, until },
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
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(760px, 100%)"
      title={
        <Title order={2} size="h3">
          Sold out
        </Title>
      }
      closeButtonProps={{ 'aria-label': 'Close the sold-out panel', size: 'xl' }}
    >
      <Stack gap="md">
        <TextInput
          size="lg"
          label="Search meals"
          placeholder="Meal name"
          leftSection={<IconSearch aria-hidden size={20} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        {availability.isPending && <Loader role="status" aria-label="Loading the meals" />}
        {availability.error && (
          <QueryError title="The meals could not be loaded" error={availability.error} />
        )}
        {data && brands.length === 0 && <Text role="status">No meals match "{search}".</Text>}
        {data &&
          brands.map((brand) => (
            <section key={brand.vendor_id} aria-labelledby={`sold-out-brand-${brand.vendor_id}`}>
              <Title order={3} size="h4" id={`sold-out-brand-${brand.vendor_id}`} mb="xs">
                {brand.title}
              </Title>
              <Stack component="ul" gap="xs" className={classes.soldOutList}>
                {brand.meals.map((meal) => (
                  <MealRow
                    key={meal.id}
                    meal={meal}
                    brand={brand.title}
                    timeZone={data.time_zone}
                    onChange={change}
                  />
                ))}
              </Stack>
            </section>
          ))}
      </Stack>
    </Drawer>
  );
}
