import type { CsvColumn } from '@kitchaco/domain';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { saveCsv } from '../lib/download';

interface DownloadCsvButtonProps<T> {
  /** The same columns and rows the table shows, so the file holds exactly what is on screen. */
  columns: readonly CsvColumn<T>[];
  rows: readonly T[];
  filename: string;
  /** What the file holds, for the button's accessible name: "Download CSV of Sales by Vendor". */
  subject: string;
}

/** "Download CSV" of a table already on screen. */
export function DownloadCsvButton<T>({ columns, rows, filename, subject }: DownloadCsvButtonProps<T>) {
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconDownload aria-hidden size={16} />}
      onClick={async () => {
        const { toCsv } = await import('../lib/csv-writer');
        saveCsv(toCsv(columns, rows), filename);
      }}
      aria-label={`Download CSV of ${subject}`}
    >
      Download CSV
    </Button>
  );
}
