import {
  type AuditEntry,
  DEFAULT_AUDIT_PAGE_SIZE,
  formatAuditTime,
  type KitchacoLocation,
} from '@kitchaco/domain';
import {
  Alert,
  Button,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { formatCount } from '../../../components/amounts';
import { ExpandableRows } from '../../../components/expandable-rows';
import { QueryError } from '../../../components/query-state';
import { ReportFilterBar } from '../../../components/report-filter-bar';
import {
  displayDate,
  type ReportFilters,
  sameFilters,
  useReportFilters,
} from '../../../lib/report-filters/use-report-filters';
import { useExportAudit } from '../api/export-audit';
import { type AuditFilter, useAuditLog } from '../api/get-audit-log';
import { AuditChanges } from './audit-changes';

interface AuditLogProps {
  /** The super admin's log: the locations of the filter (All first). Absent: an operator's own location. */
  locations?: readonly KitchacoLocation[];
}

const ALL = '';
const COLUMNS = 7;
/** What an operator sends: the server answers with their own location whatever it is. */
const OPERATOR_LOCATION = -1;

const dash = (
  <Text span c="dimmed">
    —
  </Text>
);

function EntriesTable({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table verticalSpacing="sm" aria-label="Audit log entries" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>Details</Table.Th>
            <Table.Th w={150}>Time</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Address</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <ExpandableRows
          rows={entries}
          columns={COLUMNS}
          idPrefix="audit-entry"
          detailsLabel={(entry) => `Details of entry ${entry.id}`}
          cells={(entry) => (
            <>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatAuditTime(entry.at)}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{entry.actor_email}</Table.Td>
              <Table.Td>
                <Text span size="sm" ff="monospace">
                  {entry.action}
                </Text>
              </Table.Td>
              <Table.Td>{entry.summary}</Table.Td>
              <Table.Td>{entry.location_name ?? dash}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.address}</Table.Td>
            </>
          )}
          details={(entry) => <AuditChanges entry={entry} />}
        />
      </Table>
    </Table.ScrollContainer>
  );
}

interface OwnFilters {
  actor: string;
  action: string;
}

/** The log's filter bar: the shared location and dates plus who and action, drafts until Apply. */
function AuditFilters({
  locations,
  applied,
  own,
  actions,
  onApply,
  loading,
}: {
  locations?: readonly KitchacoLocation[];
  applied: ReportFilters;
  own: OwnFilters;
  actions: readonly string[];
  onApply: (next: ReportFilters, own: OwnFilters) => void;
  loading: boolean;
}) {
  const [actor, setActor] = useState(own.actor);
  const [action, setAction] = useState(own.action);
  const choices = [...new Set([...actions, ...(own.action ? [own.action] : [])])].sort();
  return (
    <ReportFilterBar
      locations={locations}
      applied={applied}
      onApply={(next) => onApply(next, { actor: actor.trim(), action })}
      withAll
      loading={loading}
      label="Audit filters"
    >
      <TextInput
        label="Who"
        placeholder="Email"
        value={actor}
        onChange={(event) => setActor(event.currentTarget.value)}
        leftSection={<IconSearch aria-hidden size={16} />}
        maxLength={200}
        w={220}
      />
      <Select
        label="Action"
        data={[{ value: ALL, label: 'All actions' }, ...choices.map((a) => ({ value: a, label: a }))]}
        value={action}
        onChange={(next) => setAction(next ?? ALL)}
        allowDeselect={false}
        searchable
        w={220}
        comboboxProps={{ withinPortal: true }}
      />
    </ReportFilterBar>
  );
}

/**
 * The audit log of /admin-audit: who changed what, when and from where, newest first, one page at
 * a time. Location (super admin) and dates are kept with every report screen; an entry opens on its
 * before and after, field by field.
 */
export function AuditLog({ locations }: AuditLogProps) {
  const superAdmin = locations !== undefined;
  const [stored, saveFilters] = useReportFilters();
  const [own, setOwn] = useState<OwnFilters>({ actor: '', action: ALL });
  const [page, setPage] = useState(1);
  const locationId = !superAdmin
    ? OPERATOR_LOCATION
    : locations.some((l) => l.id === stored.locationId)
      ? stored.locationId
      : 0;
  const applied: ReportFilters = { ...stored, locationId };
  const filter: AuditFilter = { ...applied, ...own };
  const log = useAuditLog(filter, page);
  const exporter = useExportAudit();

  const apply = (next: ReportFilters, nextOwn: OwnFilters) => {
    if (sameFilters(next, applied) && nextOwn.actor === own.actor && nextOwn.action === own.action) {
      void log.refetch();
      return;
    }
    saveFilters(next);
    setOwn(nextOwn);
    setPage(1);
  };

  const data = log.data;
  const pageSize = data?.page_size ?? DEFAULT_AUDIT_PAGE_SIZE;
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  const first = data ? (data.page - 1) * pageSize + 1 : 0;
  const last = data ? first + data.entries.length - 1 : 0;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>Audit log</Title>
        <Text c="dimmed">
          Who changed what{superAdmin ? '' : ' at your location'} from {displayDate(applied.startDate)} to{' '}
          {displayDate(applied.endDate)}, newest first. Entries are never changed or removed.
        </Text>
      </Stack>
      <AuditFilters
        key={`${applied.locationId}|${applied.startDate}|${applied.endDate}|${own.actor}|${own.action}`}
        locations={locations}
        applied={applied}
        own={own}
        actions={data?.actions ?? []}
        onApply={apply}
        loading={log.isFetching}
      />

      {log.error && <QueryError title="The audit log could not be loaded" error={log.error} />}
      {exporter.error && (
        <Alert color="red" variant="light" role="alert" title="The CSV could not be downloaded">
          {exporter.error.message}
        </Alert>
      )}
      {log.isPending && (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label="Loading the audit log" />
        </Group>
      )}
      {data && (
        <Stack gap="md" aria-busy={log.isFetching}>
          <Group justify="space-between">
            <Group gap="xs">
              <Text role="status" fw={600}>
                {data.total === 0
                  ? 'No entries match these filters.'
                  : data.entries.length === 0
                    ? `No entries on page ${data.page}; ${formatCount(data.total)} entries in all`
                    : `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(data.total)} ${data.total === 1 ? 'entry' : 'entries'}`}
              </Text>
              {log.isFetching && <Loader size="xs" role="status" aria-label="Loading the audit log" />}
            </Group>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconDownload aria-hidden size={16} />}
              onClick={() => exporter.mutate(filter)}
              loading={exporter.isPending}
              disabled={data.total === 0}
              aria-label="Download CSV of the audit log"
            >
              Download CSV
            </Button>
          </Group>
          {data.total > 0 && data.entries.length === 0 && (
            <Group>
              <Button variant="default" onClick={() => setPage(1)}>
                Back to the first page
              </Button>
            </Group>
          )}
          {data.entries.length > 0 && (
            <Paper withBorder style={log.isPlaceholderData ? { opacity: 0.6 } : undefined}>
              <EntriesTable entries={data.entries} />
            </Paper>
          )}
          {pages > 1 && (
            <Group justify="center" component="nav" aria-label="Audit log pages">
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={setPage}
                getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
                getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
                siblings={2}
              />
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;
