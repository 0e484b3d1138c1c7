import {
  formatWireDate,
  MARKETPLACE_PLATFORMS,
  PAYOUT_CHANNELS,
  type PayoutChannel,
  type PayoutImportResponse,
} from '@kitchaco/domain';
import { Alert, Anchor, Button, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../../api';
import { aud, formatCount } from '../../../components/amounts';
import { Link } from '../../../lib/router';
import { useImportPayoutReport } from '../api/import-payout-report';
import { PAYOUT_PLATFORM_OPTIONS, PAYOUT_REPORT_SOURCES, payoutColumns } from '../lib/payouts';
import { CsvFilePicker, csvChoiceProblem } from './csv-file-picker';
import { ImportFigure } from './import-figure';
import { RowErrorsTable } from './row-errors-table';

/**
 * Imports a platform's payout report, which the Sales Invoice then reconciles with our ledger.
 * There is no preview: each row is stored once however often the report is imported, and a file
 * with any bad row (or an unmapped store) is refused whole, its rows listed here.
 */
export function PayoutImport() {
  const [platform, setPlatform] = useState<PayoutChannel | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const importReport = useImportPayoutReport();

  const run = async () => {
    setProblem(null);
    importReport.reset();
    const problem = csvChoiceProblem(platform, file, 'report');
    if (problem || !platform || !file) return setProblem(problem);
    importReport.mutate({ platform, csv: await file.text() }, { onSuccess: () => setFile(null) });
  };

  const error = importReport.error;
  const rows = isApiError(error) ? error.rows : undefined;

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" component="section" aria-labelledby="payout-import-title">
        <Stack>
          <div>
            <Title order={3} size="h5" id="payout-import-title">
              Import a payout report
            </Title>
            <Text size="sm" c="dimmed">
              What each platform paid for each order, to reconcile with our ledger on the Sales Invoice. Each
              row is stored once, so importing a report again, or one whose dates overlap, adds nothing twice.
              A file with any bad row, or a store without a mapping, is refused whole.
            </Text>
          </div>
          <div>
            <Text size="sm" fw={600} id="payout-sources-title">
              Where to download the report
            </Text>
            <List size="sm" aria-labelledby="payout-sources-title">
              {PAYOUT_CHANNELS.map((channel) => (
                <List.Item key={channel}>
                  <Text span size="sm" fw={600}>
                    {MARKETPLACE_PLATFORMS[channel].name}:
                  </Text>{' '}
                  {PAYOUT_REPORT_SOURCES[channel].path} (CSV)
                </List.Item>
              ))}
            </List>
          </div>
          <CsvFilePicker
            platforms={PAYOUT_PLATFORM_OPTIONS}
            platform={platform}
            onPlatformChange={setPlatform}
            fileLabel="Payout report (CSV)"
            file={file}
            onFileChange={setFile}
          >
            <Button onClick={run} loading={importReport.isPending}>
              Import
            </Button>
          </CsvFilePicker>
          {platform && (
            <Text size="xs" c="dimmed">
              Expected columns of the {PAYOUT_REPORT_SOURCES[platform].report} report:{' '}
              {payoutColumns(platform).join(', ')}
            </Text>
          )}
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          {error && (
            <Alert
              color="red"
              variant="light"
              role="alert"
              title={rows?.length ? 'The report was not imported' : undefined}
            >
              {error.message}
            </Alert>
          )}
        </Stack>
      </Paper>
      {rows && rows.length > 0 && <RowErrorsTable errors={rows} />}
      {importReport.data && <PayoutImportResult result={importReport.data} />}
    </Stack>
  );
}

function PayoutImportResult({ result }: { result: PayoutImportResponse }) {
  const name = MARKETPLACE_PLATFORMS[result.platform].name;
  const dates =
    result.from_date && result.to_date
      ? ` Its orders are dated ${formatWireDate(result.from_date)} to ${formatWireDate(result.to_date)}.`
      : ' It has no order rows.';
  return (
    <Stack gap="md" component="section" aria-labelledby="payout-result-title">
      <Alert
        color={result.new_rows > 0 ? 'green' : 'gray'}
        variant="light"
        title={<span id="payout-result-title">{name} payout report imported</span>}
      >
        {result.new_rows > 0
          ? `${formatCount(result.new_rows)} new ${result.new_rows === 1 ? 'row' : 'rows'} stored.`
          : 'Every row of this report was already imported: nothing new was stored.'}
        {dates}
      </Alert>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        <ImportFigure label="Rows" value={formatCount(result.rows)} />
        <ImportFigure label="New" value={formatCount(result.new_rows)} />
        <ImportFigure label="Already imported" value={formatCount(result.duplicate_rows)} />
        <ImportFigure label="Skipped rows" value={formatCount(result.skipped_rows)} />
        <ImportFigure label="Orders" value={formatCount(result.orders)} />
        <ImportFigure label="Payout total" value={aud(result.payout_total)} />
      </SimpleGrid>
      <Text size="sm">
        {result.skipped_rows > 0 && (
          <Text span inherit c="dimmed">
            Skipped rows are about no order, such as a payout's total or a store payment.{' '}
          </Text>
        )}
        <Anchor component={Link} to="/admin-sales-invoice" inherit underline="always">
          Reconcile a fortnight on the Sales Invoice
        </Anchor>
      </Text>
    </Stack>
  );
}
