import {
  CSV_FORMATS,
  type ImportedOrder,
  MARKETPLACE_PLATFORMS,
  type MarketplaceChannel,
  type MarketplaceImportPreview,
} from '@kitchaco/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { aud, formatCount, NumTd, NumTh } from '../../../components/amounts';
import { UnmatchedMealName } from '../../../components/unmatched-meal-name';
import { formatLocalInstant } from '../../../lib/local-time';
import { useCommitMarketplaceImport } from '../api/commit-marketplace-import';
import { usePreviewMarketplaceImport } from '../api/preview-marketplace-import';
import { CsvFilePicker, csvChoiceProblem } from './csv-file-picker';
import { ImportFigure } from './import-figure';
import { RowErrorsTable } from './row-errors-table';
import { PLATFORM_OPTIONS } from './store-form';

/** The form: the platform and the export file. */
interface ImportFormValues {
  platform: MarketplaceChannel | null;
  file: File | null;
}

/** The preview of one file for one platform; the Import button acts on exactly that pair. */
interface Previewed {
  platform: MarketplaceChannel;
  file: File;
  csv: string;
  result: MarketplaceImportPreview;
}

/**
 * Imports a platform's order export: choose the platform and the file, preview what would be
 * stored (counts, duplicates, unmatched meals, unknown stores, every bad row, a sample), then
 * import. Import is enabled only for a previewed file without errors, and the server refuses a
 * file with errors anyway, so an export is never half imported.
 */
export function MarketplaceImport() {
  const form = useForm<ImportFormValues>({ initialValues: { platform: null, file: null } });
  const { platform, file } = form.values;
  const [problem, setProblem] = useState<string | null>(null);
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const preview = usePreviewMarketplaceImport();
  const commit = useCommitMarketplaceImport();
  const current = previewed && previewed.platform === platform && previewed.file === file ? previewed : null;
  // Only a previewed file without errors, with something new to add.
  const canImport =
    current !== null && current.result.error_count === 0 && current.result.orders > current.result.duplicates;

  const runPreview = async () => {
    setProblem(null);
    commit.reset();
    const problem = csvChoiceProblem(platform, file, 'file');
    if (problem || !platform || !file) return setProblem(problem);
    const csv = await file.text();
    preview.mutate(
      { platform, csv },
      { onSuccess: (result) => setPreviewed({ platform, file, csv, result }) },
    );
  };

  const runImport = () => {
    if (!current) return;
    commit.mutate(
      { platform: current.platform, csv: current.csv },
      {
        onSuccess: (done) => {
          notifications.show({
            color: 'green',
            title: `${MARKETPLACE_PLATFORMS[done.platform].name} orders imported`,
            message: `${formatCount(done.imported)} new ${done.imported === 1 ? 'order' : 'orders'}, ${aud(done.total_sales)}.${
              done.duplicates > 0 ? ` ${formatCount(done.duplicates)} already in the ledger skipped.` : ''
            }`,
          });
          setPreviewed(null);
          form.setFieldValue('file', null);
        },
      },
    );
  };

  const failure = problem ?? preview.error?.message ?? commit.error?.message ?? null;
  const columns = platform ? Object.values(CSV_FORMATS[platform].columns) : null;

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" component="section" aria-labelledby="import-title">
        <Stack>
          <div>
            <Title order={3} size="h5" id="import-title">
              Import an order export
            </Title>
            <Text size="sm" c="dimmed">
              Orders already in the ledger (by webhook or an earlier import) are skipped. Dates are read on
              the clock of each store's location.
            </Text>
          </div>
          <CsvFilePicker
            platforms={PLATFORM_OPTIONS}
            platform={platform}
            onPlatformChange={(value) => form.setFieldValue('platform', value)}
            fileLabel="Export file (CSV)"
            file={file}
            onFileChange={(value) => form.setFieldValue('file', value)}
          >
            <Button onClick={runPreview} loading={preview.isPending} variant="default">
              Preview
            </Button>
            <Button onClick={runImport} loading={commit.isPending} disabled={!canImport}>
              Import
            </Button>
          </CsvFilePicker>
          {columns && (
            <Text size="xs" c="dimmed">
              Expected columns: {columns.join(', ')}
            </Text>
          )}
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
        </Stack>
      </Paper>
      {current && <PreviewResult preview={current.result} />}
    </Stack>
  );
}

function PreviewResult({ preview }: { preview: MarketplaceImportPreview }) {
  const fresh = preview.orders - preview.duplicates;
  return (
    <Stack gap="md" component="section" aria-label="Import preview">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <ImportFigure label="Orders" value={formatCount(preview.orders)} />
        <ImportFigure label="Item lines" value={formatCount(preview.lines)} />
        <ImportFigure label="Total sales" value={aud(preview.total_sales)} />
        <ImportFigure label="Already in the ledger" value={formatCount(preview.duplicates)} />
      </SimpleGrid>
      {preview.error_count > 0 ? (
        <Alert color="red" variant="light" role="alert" title="The file cannot be imported yet">
          {formatCount(preview.error_count)} {preview.error_count === 1 ? 'problem' : 'problems'} below:
          correct the file (or map the unknown stores) and preview it again.
        </Alert>
      ) : (
        <Alert color={fresh > 0 ? 'green' : 'gray'} variant="light">
          {fresh > 0
            ? `Ready: importing adds ${formatCount(fresh)} new ${fresh === 1 ? 'order' : 'orders'}.`
            : 'Every order of this file is already in the ledger: importing adds nothing.'}
        </Alert>
      )}
      {preview.unknown_stores.length > 0 && (
        <Paper withBorder p="md">
          <Text fw={700} mb={4}>
            Unknown stores
          </Text>
          <Text size="sm" c="dimmed" mb="xs">
            Add a store mapping for each, then preview again.
          </Text>
          <List size="sm">
            {preview.unknown_stores.map((id) => (
              <List.Item key={id} ff="monospace">
                {id}
              </List.Item>
            ))}
          </List>
        </Paper>
      )}
      {preview.unmatched_meals.length > 0 && (
        <Paper withBorder p="md">
          <Text fw={700} mb={4}>
            Unmatched meals
          </Text>
          <Text size="sm" c="dimmed" mb="xs">
            These names match none of the store's meals: they are imported with meal id -1 and show in red on
            the reports.
          </Text>
          <Group gap="md">
            {preview.unmatched_meals.map((name) => (
              <UnmatchedMealName key={name} name={name} />
            ))}
          </Group>
        </Paper>
      )}
      {preview.errors.length > 0 && <RowErrorsTable errors={preview.errors} total={preview.error_count} />}
      {preview.sample.length > 0 && <Sample orders={preview.sample} total={preview.orders} />}
    </Stack>
  );
}

function Sample({ orders, total }: { orders: ImportedOrder[]; total: number }) {
  return (
    <Paper withBorder p="md">
      <Text fw={700} mb="xs" id="sample-title">
        {orders.length < total ? `The first ${orders.length} orders` : 'Orders'} as they will be stored
      </Text>
      <Table.ScrollContainer minWidth={820}>
        <Table striped aria-labelledby="sample-title" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order ID</Table.Th>
              <Table.Th>Location</Table.Th>
              <Table.Th>Placed</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Items</Table.Th>
              <NumTh>Fee</NumTh>
              <NumTh>Total</NumTh>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((order) => (
              <Table.Tr key={order.external_id}>
                <Table.Td>
                  <Text ff="monospace" size="sm">
                    {order.external_id}
                  </Text>
                  {order.duplicate && (
                    <Badge color="gray" variant="light" size="sm">
                      Already imported
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{order.location ?? <Text c="red">Unknown store {order.store_id}</Text>}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatLocalInstant(order.placed_at, order.time_zone)}
                </Table.Td>
                <Table.Td>{order.status}</Table.Td>
                <Table.Td>
                  <List size="sm" listStyleType="none">
                    {order.lines.map((line, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a previewed order's lines never move, and two may share a name
                      <List.Item key={i}>
                        {line.quantity} ×{' '}
                        {line.meal_id === -1 ? <UnmatchedMealName name={line.name} /> : line.name}
                        {line.combos.length > 0 && (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            + {line.combos.map((c) => `${c.quantity} × ${c.name}`).join(', ')}
                          </Text>
                        )}{' '}
                        <Text span size="xs" c="dimmed">
                          {aud(line.line_total)}
                        </Text>
                      </List.Item>
                    ))}
                  </List>
                </Table.Td>
                <NumTd>{aud(order.platform_fee)}</NumTd>
                <NumTd>{aud(order.total)}</NumTd>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
