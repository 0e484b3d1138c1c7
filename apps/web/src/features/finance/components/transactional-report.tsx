import {
  FINANCE_MESSAGES,
  formatWireDate,
  fortnightEnd,
  type IsoDate,
  MARKETPLACE_NAMES,
  type TransactionalReportRequest,
  transactionalReportRequest,
} from '@kitchaco/domain';
import { Alert, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload, IconMail } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { LocationSelect } from '../../../components/location-select';
import { QueryError } from '../../../components/query-state';
import { useLocations } from '../../../lib/locations';
import { useReportFilters } from '../../../lib/report-filters/use-report-filters';
import type { DocumentFormat } from '../api/download-invoice';
import { useDownloadTransactions } from '../api/download-transactions';
import { useSendTransactionalReport } from '../api/send-transactional-report';
import { FortnightFields, fortnightOf } from './fortnight-fields';

const PLATFORMS = [
  { key: 'own_channels', label: 'Kitchaco (in store and app, with card refunds)' },
  { key: 'deliveroo', label: MARKETPLACE_NAMES.deliveroo },
  { key: 'uber_eats', label: MARKETPLACE_NAMES.uber_eats },
  { key: 'doordash', label: MARKETPLACE_NAMES.doordash },
  { key: 'menulog', label: MARKETPLACE_NAMES.menulog },
] as const;

type Platform = (typeof PLATFORMS)[number]['key'];

/**
 * /admin-txn-report: the orders of the ticked delivery platforms (and, ticked, of our own channels
 * with each card refund on its own row) for a location's (or every location's) fortnight, emailed
 * to the registered address after the spec's confirm, or downloaded as PDF or CSV. The request is
 * checked with the server's own schema (at least one platform).
 */
export function TransactionalReport() {
  const locations = useLocations('staff');
  const [stored, saveFilters] = useReportFilters();
  const [locationId, setLocationId] = useState(stored.locationId);
  const [start, setStart] = useState<IsoDate>(() => fortnightOf(stored));
  const [platforms, setPlatforms] = useState<Record<Platform, boolean>>({
    own_channels: false,
    deliveroo: false,
    uber_eats: false,
    doordash: false,
    menulog: false,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSendTransactionalReport();
  const download = useDownloadTransactions();

  /** The request as the server validates it, or null with the schema's message shown. */
  const checked = (): TransactionalReportRequest | null => {
    send.reset();
    download.reset();
    const parsed = transactionalReportRequest.safeParse({
      kitchaco: locationId,
      start_date: formatWireDate(start),
      end_date: formatWireDate(fortnightEnd(start)),
      ...platforms,
      email_report: true,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? FINANCE_MESSAGES.selectPlatform);
      return null;
    }
    setProblem(null);
    saveFilters({ locationId, startDate: start, endDate: fortnightEnd(start) });
    return parsed.data;
  };

  const generate = (event: FormEvent) => {
    event.preventDefault();
    const request = checked();
    if (!request) return;
    modals.openConfirmModal({
      title: 'Email the transactional report',
      children: <Text>{FINANCE_MESSAGES.txnConfirm}</Text>,
      labels: { confirm: 'Yes, email it', cancel: 'No' },
      onConfirm: () => send.mutate(request),
    });
  };

  const save = (format: DocumentFormat) => {
    const request = checked();
    if (request) download.mutate({ format, request });
  };

  const failure = send.error ?? download.error;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>Transactional Report</Title>
        <Text c="dimmed">
          The orders of the delivery platforms (and of our own channels, with their card refunds) for a
          fortnight, emailed to each location's registered address or downloaded.
        </Text>
      </Stack>
      {locations.error && <QueryError title="The locations could not be loaded" error={locations.error} />}
      <form onSubmit={generate} aria-label="Transactional report" noValidate>
        <Stack gap="md">
          <Group align="flex-end" gap="md">
            <LocationSelect
              locations={locations.data ?? []}
              value={locationId}
              onChange={setLocationId}
              withAll
              w={240}
            />
            <FortnightFields start={start} onStartChange={setStart} />
          </Group>
          <Checkbox.Group
            label="Platforms"
            value={PLATFORMS.filter((p) => platforms[p.key]).map((p) => p.key)}
            onChange={(keys) =>
              setPlatforms(
                Object.fromEntries(PLATFORMS.map((p) => [p.key, keys.includes(p.key)])) as Record<
                  Platform,
                  boolean
                >,
              )
            }
          >
            <Group gap="lg" mt={6}>
              {PLATFORMS.map((p) => (
                <Checkbox key={p.key} value={p.key} label={p.label} />
              ))}
            </Group>
          </Checkbox.Group>
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure.message}
            </Alert>
          )}
          {send.data && (
            <Alert color="green" variant="light" role="status">
              {send.data.message}
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" leftSection={<IconMail aria-hidden size={18} />} loading={send.isPending}>
              Generate
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload aria-hidden size={18} />}
              onClick={() => save('pdf')}
              loading={download.isPending && download.variables?.format === 'pdf'}
            >
              Download PDF
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload aria-hidden size={18} />}
              onClick={() => save('csv')}
              loading={download.isPending && download.variables?.format === 'csv'}
            >
              Download CSV
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
