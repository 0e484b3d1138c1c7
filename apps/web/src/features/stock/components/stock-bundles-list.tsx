import type { StockBundleItem } from '@kitchaco/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { formatQty, NumTd, NumTh } from '../../../components/amounts';
import { Link } from '../../../lib/router';
import { useDeleteStockBundle } from '../api/delete-stock-bundle';

export interface MealBundle {
  meal_id: number;
  meal_name: string;
  vendor: string;
  stock_bundle: StockBundleItem[];
}

export function bundleAddPath(meal: { meal_id: number; meal_name: string }): string {
  const query = new URLSearchParams({ meal_id: String(meal.meal_id), meal_name: meal.meal_name });
  return `/stock-admin-stockbundle-add/?${query}`;
}

export function bundleEditPath(meal: { meal_id: number; meal_name: string }, line: StockBundleItem): string {
  const query = new URLSearchParams({
    stock_id: String(line.stock_list__id),
    qty: String(line.qty),
    meal_id: String(meal.meal_id),
    meal_name: meal.meal_name,
    stock_bundle_id: String(line.id),
  });
  return `/stockbundle-edit?${query}`;
}

/**
 * The stock in one unit of each meal of a location. A super admin adds, edits and deletes bundle
 * lines; a stock admin reads them.
 */
export function StockBundlesList({ meals, canEdit }: { meals: readonly MealBundle[]; canEdit: boolean }) {
  const [search, setSearch] = useState('');
  const remove = useDeleteStockBundle();
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? meals.filter(
        (m) => m.meal_name.toLowerCase().includes(needle) || m.vendor.toLowerCase().includes(needle),
      )
    : meals;

  const confirmDelete = (meal: MealBundle, line: StockBundleItem) =>
    modals.openConfirmModal({
      title: 'Delete bundle line',
      children: (
        <Text>
          Remove {line.stock_list__name} from the stock bundle of {meal.meal_name}?
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(line.id, {
          onSuccess: () => notifications.show({ color: 'green', message: 'Deleted successfully' }),
        }),
    });

  return (
    <Stack gap="md">
      {remove.error && (
        <Alert color="red" variant="light" role="alert">
          {remove.error.message}
        </Alert>
      )}
      <TextInput
        label="Find a meal"
        placeholder="Meal or brand name"
        leftSection={<IconSearch aria-hidden size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        w={320}
      />
      {shown.length === 0 && <Text c="dimmed">No meals match.</Text>}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {shown.map((meal) => (
          <Paper
            key={meal.meal_id}
            withBorder
            p="md"
            component="section"
            aria-labelledby={`meal-${meal.meal_id}`}
          >
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Title order={3} size="h5" id={`meal-${meal.meal_id}`}>
                    {meal.meal_name}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {meal.vendor}
                  </Text>
                </div>
                {canEdit && (
                  <Button
                    component={Link}
                    to={bundleAddPath(meal)}
                    size="xs"
                    variant="default"
                    leftSection={<IconPlus aria-hidden size={16} />}
                    aria-label={`Add a stock item to ${meal.meal_name}`}
                  >
                    Add
                  </Button>
                )}
              </Group>
              {meal.stock_bundle.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No stock bundle yet.
                </Text>
              ) : (
                <Table verticalSpacing={4} aria-label={`Stock bundle of ${meal.meal_name}`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Stock item</Table.Th>
                      <Table.Th>Unit</Table.Th>
                      <NumTh>Qty</NumTh>
                      {canEdit && <NumTh>Actions</NumTh>}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {meal.stock_bundle.map((line) => (
                      <Table.Tr key={line.id}>
                        <Table.Td>{line.stock_list__name}</Table.Td>
                        <Table.Td>{line.stock_list__qty_type}</Table.Td>
                        <NumTd>{formatQty(line.qty)}</NumTd>
                        {canEdit && (
                          <Table.Td>
                            <Group gap={4} justify="flex-end" wrap="nowrap">
                              <Tooltip label="Edit" withArrow>
                                <ActionIcon
                                  component={Link}
                                  to={bundleEditPath(meal, line)}
                                  variant="subtle"
                                  aria-label={`Edit ${line.stock_list__name} in ${meal.meal_name}`}
                                >
                                  <IconPencil aria-hidden size={18} />
                                </ActionIcon>
                              </Tooltip>
                              <Tooltip label="Delete" withArrow>
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  onClick={() => confirmDelete(meal, line)}
                                  aria-label={`Delete ${line.stock_list__name} from ${meal.meal_name}`}
                                  loading={remove.isPending && remove.variables === line.id}
                                >
                                  <IconTrash aria-hidden size={18} />
                                </ActionIcon>
                              </Tooltip>
                            </Group>
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
