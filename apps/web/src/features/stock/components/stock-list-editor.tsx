import type { AdminStockListItem, CallInput, stockCalls } from '@kitchaco/domain';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { tabularNums } from '../../../components/amounts';
import { useUpdateAdminStockList } from '../api/update-admin-stock-list';
import { STOCK_PAGE_SIZE, stockPage } from '../lib/stock-pages';
import { StockListPager, StockListSearch } from './stock-list-pages';

/** A row as the form keeps it: its ids and figures numbers (the call also takes text). */
type Row = Omit<
  CallInput<typeof stockCalls.updateAdminStockList>['stockData'][number],
  'id' | 'qty_type_id' | 'price' | 'par'
> & { id: number; qty_type_id: number; price: number; par?: number };
type Entry = number | '';

interface QtyType {
  id: number;
  qty_type: string;
}

function rowOf(item: AdminStockListItem): Row {
  return {
    id: item.id,
    qty_type_id: item.qty_type__id,
    name: item.name,
    price: item.price,
    par: item.par,
    has_expiry: item.has_expiry,
    has_gst: item.has_gst,
    status: item.status,
    change_all_locations: false,
  };
}

function sameRow(a: Row, b: Row): boolean {
  return (
    a.qty_type_id === b.qty_type_id &&
    a.name.trim() === b.name.trim() &&
    a.price === b.price &&
    a.par === b.par &&
    a.has_expiry === b.has_expiry &&
    a.has_gst === b.has_gst &&
    a.status === b.status &&
    a.change_all_locations === b.change_all_locations
  );
}

const numberOf = (v: number | string): Entry =>
  typeof v === 'number' ? v : v.trim() === '' ? '' : Number(v);

/** The form's values: the rows edited, and the price and par entries as typed (they may be blank). */
interface StockListFormValues {
  edits: Record<number, Row>;
  prices: Record<number, Entry>;
  pars: Record<number, Entry>;
}

interface StockListEditorProps {
  items: readonly AdminStockListItem[];
  qtyTypes: readonly QtyType[];
}

/**
 * The stock list of a location as an editable table. Update sends only the rows changed; the
 * answer (one name-to-location entry per item updated) shows in the "Updated Successfully" modal.
 */
export function StockListEditor({ items, qtyTypes }: StockListEditorProps) {
  const original = useMemo(() => new Map(items.map((i) => [i.id, rowOf(i)])), [items]);
  const form = useForm<StockListFormValues>({ initialValues: { edits: {}, prices: {}, pars: {} } });
  const { edits, prices, pars } = form.values;
  const [updated, setUpdated] = useState<Array<Record<string, string>> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateAdminStockList();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  // One page at a time: a location's hundreds of rows of inputs took seconds to render.
  const shown = stockPage(items, { query, page, textOf: (i) => `${i.name} ${i.id}` });

  const rowFor = (id: number): Row => edits[id] ?? (original.get(id) as Row);
  const edit = (id: number, patch: Partial<Row>) =>
    form.setFieldValue('edits', (e) => ({ ...e, [id]: { ...rowFor(id), ...patch } }));

  const changed = items.map((i) => rowFor(i.id)).filter((row) => !sameRow(row, original.get(row.id) as Row));

  const unitOptions = qtyTypes.map((q) => ({ value: String(q.id), label: q.qty_type }));

  const save = () => {
    setProblem(null);
    const invalid = changed.find((r) => r.name.trim() === '' || !(r.price >= 0));
    if (invalid) {
      setProblem(`Item ${invalid.id} needs a name and a price of 0 or more.`);
      return;
    }
    update.mutate(
      changed.map((r) => ({ ...r, name: r.name.trim() })),
      {
        onSuccess: (response) => {
          form.reset();
          setUpdated(response.message);
        },
        onError: (error) => console.warn('Stock list update failed', error),
      },
    );
  };

  return (
    <Stack gap="md">
      {(problem || update.error) && (
        <Alert color="red" variant="light" role="alert">
          {problem ?? update.error?.message}
        </Alert>
      )}
      <StockListSearch
        query={query}
        onQuery={(q) => {
          setQuery(q);
          setPage(1);
        }}
        shown={shown}
        size={STOCK_PAGE_SIZE}
        total={items.length}
      />
      {/* Narrow enough that "Change all locations" is in view at 1400 px beside the menu. */}
      <Table.ScrollContainer minWidth={980}>
        <Table verticalSpacing={6} horizontalSpacing={8} striped aria-label="Stock list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={56}>ID</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th w={104}>Qty Type</Table.Th>
              <Table.Th w={104}>Price</Table.Th>
              <Table.Th>Kitchaco</Table.Th>
              <Table.Th w={84}>Par</Table.Th>
              <Table.Th w={64}>Has Expiry</Table.Th>
              <Table.Th w={56}>Has GST</Table.Th>
              <Table.Th w={104}>Status</Table.Th>
              <Table.Th w={88}>Change all locations</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.items.map((item) => {
              const row = rowFor(item.id);
              const dirty = !sameRow(row, original.get(item.id) as Row);
              const label = (field: string) => `${field} of ${item.name} (ID ${item.id})`;
              return (
                <Table.Tr key={item.id} bg={dirty ? 'var(--mantine-color-blue-light)' : undefined}>
                  <Table.Td style={tabularNums}>{item.id}</Table.Td>
                  <Table.Td>
                    {/* Wraps, so a long name reads in full (a name is one line: no line breaks). */}
                    <Textarea
                      aria-label={label('Name')}
                      value={row.name}
                      onChange={(e) =>
                        edit(item.id, { name: e.currentTarget.value.replace(/[\r\n]+/g, ' ') })
                      }
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') e.preventDefault();
                      }}
                      autosize
                      minRows={1}
                      maxRows={4}
                      size="xs"
                      miw={180}
                      error={row.name.trim() === ''}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={label('Qty Type')}
                      data={unitOptions}
                      value={String(row.qty_type_id)}
                      onChange={(v) => v && edit(item.id, { qty_type_id: Number(v) })}
                      allowDeselect={false}
                      size="xs"
                      w={96}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={label('Price')}
                      value={prices[item.id] ?? row.price}
                      onChange={(v) => {
                        const n = numberOf(v);
                        form.setFieldValue('prices', (p) => ({ ...p, [item.id]: n }));
                        if (n !== '' && Number.isFinite(n)) edit(item.id, { price: n });
                      }}
                      min={0}
                      decimalScale={2}
                      fixedDecimalScale
                      allowNegative={false}
                      prefix="$"
                      size="xs"
                      w={110}
                      styles={{ input: { ...tabularNums, textAlign: 'right' } }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{item.kitchaco__location}</Text>
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={label('Par')}
                      value={pars[item.id] ?? row.par ?? ''}
                      onChange={(v) => {
                        const n = numberOf(v);
                        form.setFieldValue('pars', (p) => ({ ...p, [item.id]: n }));
                        if (n !== '' && Number.isFinite(n)) edit(item.id, { par: n });
                      }}
                      min={0}
                      decimalScale={3}
                      allowNegative={false}
                      size="xs"
                      w={76}
                      styles={{ input: { ...tabularNums, textAlign: 'right' } }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={label('Has Expiry')}
                      checked={row.has_expiry}
                      onChange={(e) => edit(item.id, { has_expiry: e.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={label('Has GST')}
                      checked={row.has_gst}
                      onChange={(e) => edit(item.id, { has_gst: e.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={label('Status')}
                      data={[
                        { value: 'enabled', label: 'Enabled' },
                        { value: 'disabled', label: 'Disabled' },
                      ]}
                      value={row.status}
                      onChange={(v) => v && edit(item.id, { status: v as Row['status'] })}
                      allowDeselect={false}
                      size="xs"
                      w={96}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={label('Change all locations')}
                      checked={row.change_all_locations}
                      onChange={(e) => edit(item.id, { change_all_locations: e.currentTarget.checked })}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <StockListPager shown={shown} onPage={setPage} label="Stock list pages" />

      <Group
        justify="flex-end"
        gap="md"
        pos="sticky"
        bottom={0}
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ zIndex: 3, borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <Text size="sm" c="dimmed" aria-live="polite">
          {changed.length === 0
            ? 'No changes'
            : `${changed.length} changed ${changed.length === 1 ? 'item' : 'items'}`}
        </Text>
        <Button onClick={save} disabled={changed.length === 0 || update.isPending}>
          {update.isPending ? 'Loading...' : 'Update'}
        </Button>
      </Group>

      <Modal opened={updated !== null} onClose={() => setUpdated(null)} title="Updated Successfully" centered>
        <Stack>
          {updated && updated.length > 0 ? (
            <List spacing={4} aria-label="Items updated">
              {updated.flatMap((entry) =>
                Object.entries(entry).map(([name, location]) => (
                  <List.Item key={`${name}|${location}`}>
                    <Text span fw={600}>
                      {name}
                    </Text>{' '}
                    — {location}
                  </List.Item>
                )),
              )}
            </List>
          ) : (
            <Text>Nothing was changed.</Text>
          )}
          <Group justify="flex-end">
            <Button onClick={() => setUpdated(null)}>OK</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
