import { type AdminMeal, isOnSale } from '@kitchaco/domain';
import { Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { aud, tabularNums } from '../../../components/amounts';
import { FoodImage } from '../../../components/food-image';
import { Link } from '../../../lib/router';
import { MealSoldOut } from './meal-sold-out';
import { MealStatusBadge } from './meal-status-badge';
import { openRejection, pendingChangesOf, rejectionText } from './review-status';

interface MealCardProps {
  meal: AdminMeal;
  /** The time zone of the meal's location: when a sold-out meal is back is said on its clock. */
  timeZone?: string;
  editPath: string;
  /** Marked and scrolled to: the meal just added. */
  highlighted?: boolean;
}

/** One meal of the management list: picture, name, price, status, its combos and sub items, Edit. */
export function MealCard({ meal, timeZone, editPath, highlighted = false }: MealCardProps) {
  const titleId = `meal-${meal.id}`;
  const pending = pendingChangesOf(meal).length;
  const rejection = openRejection(meal);
  return (
    <Paper
      component="article"
      aria-labelledby={titleId}
      withBorder
      p="md"
      id={`meal-card-${meal.id}`}
      style={highlighted ? { borderColor: 'var(--mantine-color-blue-7)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <FoodImage src={meal.meal_image} name={meal.meal_name} seed={meal.id} h={150} />
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {meal.meal_name}
          </Title>
          <Text fw={700} style={tabularNums}>
            {aud(meal.meal_price)}
          </Text>
        </Group>
        <Group gap="xs">
          <MealStatusBadge status={meal.status} />
          {pending > 0 && (
            <Badge color="yellow.9" variant="outline" c="dark.8" tt="none" radius="sm">
              {pending === 1 ? 'Pending change' : `${pending} pending changes`}
            </Badge>
          )}
        </Group>
        {isOnSale(meal.status) && <MealSoldOut meal={meal} timeZone={timeZone} />}
        {rejection && (
          <Text size="sm" c="red.9">
            {rejectionText(rejection)}
          </Text>
        )}
        {meal.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {meal.description}
          </Text>
        )}
        <Extras
          title="Combos"
          empty="No combos"
          rows={meal.meal_combo.map((c) => ({ ...c, price: aud(c.price) }))}
        />
        <Extras
          title="Sub items"
          empty="No sub items"
          rows={meal.meal_subitem.map((s) => ({ id: s.id, name: s.name, status: s.status }))}
        />
        <Button
          component={Link}
          to={editPath}
          variant="default"
          leftSection={<IconPencil aria-hidden size={16} />}
          aria-label={`Edit ${meal.meal_name}`}
          mt="auto"
        >
          Edit
        </Button>
      </Stack>
    </Paper>
  );
}

function Extras({
  title,
  empty,
  rows,
}: {
  title: string;
  empty: string;
  rows: readonly { id: number; name: string; price?: string; status: AdminMeal['status'] }[];
}) {
  return (
    <div>
      <Text size="sm" fw={700}>
        {title}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <List
          size="sm"
          listStyleType="none"
          spacing={4}
          styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}
        >
          {rows.map((row) => (
            <List.Item key={row.id}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {row.name}
                </Text>
                <Group gap="xs" wrap="nowrap" style={{ flex: 'none' }}>
                  {row.price !== undefined && (
                    <Text size="sm" style={tabularNums}>
                      {row.price}
                    </Text>
                  )}
                  <MealStatusBadge status={row.status} size="sm" />
                </Group>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
