import { MARKETPLACE_CSV_MAX_CHARS } from '@kitchaco/domain';
import { FileInput, Group, Select } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * The platform and the CSV file of an upload (an order export, a payout report), with the
 * action beside them. The file field has no placeholder: Mantine's grey placeholder fails contrast.
 */
export function CsvFilePicker<P extends string>({
  platforms,
  platform,
  onPlatformChange,
  fileLabel,
  file,
  onFileChange,
  children,
}: {
  platforms: { value: P; label: string }[];
  platform: P | null;
  onPlatformChange: (platform: P | null) => void;
  fileLabel: string;
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** The buttons acting on the choice. */
  children: ReactNode;
}) {
  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label="Platform"
        placeholder="Choose a platform"
        data={platforms}
        value={platform}
        onChange={(value) => onPlatformChange(value as P | null)}
        w={220}
        required
      />
      <FileInput
        label={fileLabel}
        accept=".csv,text/csv"
        value={file}
        onChange={onFileChange}
        leftSection={<IconFileTypeCsv size={18} aria-hidden />}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
        w={320}
        required
      />
      {children}
    </Group>
  );
}

/** Why the choice cannot be sent yet (no platform, no file, too large), or null. */
export function csvChoiceProblem(platform: string | null, file: File | null, what: string): string | null {
  if (!platform) return `Please choose the platform the ${what} comes from.`;
  if (!file) return 'Please choose the CSV file to import.';
  if (file.size > MARKETPLACE_CSV_MAX_CHARS)
    return 'The file is larger than 5 MB: choose a shorter date range.';
  return null;
}
