import { Alert, Anchor, Button, Group, NumberInput, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from '../../../lib/router';
import { useAddStockBundle } from '../api/add-stock-bundle';
import { useUpdateStockBundle } from '../api/update-stock-bundle';

export const BUNDLE_LIST_PATH = '/stock-admin-bundle';

interface StockBundleFormProps {
  mealId: number;
  mealName: string;
  stockItems: readonly { id: number; name: string; qty_type: string }[];
  /** Editing an existing line; absent when adding one. */
  line?: { id: number; stockId: number; qty: number };
}

/** One bundle line of a meal: a stock item and the quantity of it in one unit of the meal. */
export function StockBundleForm({ mealId, mealName, stockItems, line }: StockBundleFormProps) {
  const navigate = useNavigate();
  const add = useAddStockBundle();
  const update = useUpdateStockBundle();
  const [stockId, setStockId] = useState<string | null>(line ? String(line.stockId) : null);
  const [qty, setQty] = useState<number | string>(line?.qty ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const pending = add.isPending || update.isPending;
  const error = add.error ?? update.error;
  const unit = stockItems.find((s) => String(s.id) === stockId)?.qty_type;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const amount = typeof qty === 'number' ? qty : Number(qty);
    if (!stockId) return setProblem('Please choose a stock item.');
    if (!(amount > 0)) return setProblem('Please enter a quantity above 0.');
    const done = (message: string) => () => {
      notifications.show({ color: 'green', message });
      navigate(BUNDLE_LIST_PATH);
    };
    if (line) {
      update.mutate(
        { id: line.id, stock_list__id: Number(stockId), qty: amount },
        { onSuccess: done('Updated successfully') },
      );
    } else {
      add.mutate(
        { meal_id: mealId, stock_list_id: Number(stockId), qty: amount },
        { onSuccess: done('Added successfully') },
      );
    }
  };

  return (
    <Paper withBorder p="xl" maw={560}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <div>
            <Anchor component={Link} to={BUNDLE_LIST_PATH} size="sm">
              Back to stock bundles
            </Anchor>
            <Title order={2} size="h3" mt={4}>
              {line ? 'Edit bundle line' : 'Add to stock bundle'}
            </Title>
            <Text c="dimmed">{mealName}</Text>
          </div>
          {(problem || error) && (
            <Alert color="red" variant="light" role="alert">
              {problem ?? error?.message}
            </Alert>
          )}
          <Select
            label="Stock item"
            placeholder="Choose a stock item"
            data={stockItems.map((s) => ({ value: String(s.id), label: `${s.name} (${s.qty_type})` }))}
            value={stockId}
            onChange={setStockId}
            searchable
            required
            nothingFoundMessage="No stock item matches"
          />
          <NumberInput
            label="Quantity per meal"
            description={unit ? `In ${unit}` : 'The stock used by one unit of the meal'}
            value={qty}
            onChange={setQty}
            min={0}
            decimalScale={3}
            allowNegative={false}
            required
          />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={BUNDLE_LIST_PATH}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {line ? 'Update' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
