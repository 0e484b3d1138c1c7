import { auditCalls } from '@kitchaco/domain';
import { useMutation } from '@tanstack/react-query';
import { staffDownloadRoute } from '../../../api';
import { saveBlob } from '../../../lib/download';
import { type AuditFilter, auditWireFilter } from './get-audit-log';

/** The audit log's CSV: every entry of the filters (no paging), from the server. */
export function exportAudit(filter: AuditFilter) {
  return staffDownloadRoute(
    auditCalls.auditCsv,
    { body: auditWireFilter(filter) },
    { fallbackFilename: `audit-log-${filter.startDate}-${filter.endDate}.csv` },
  );
}

/** Downloads the CSV and saves it under the name the server gave. */
export function useExportAudit() {
  return useMutation({
    mutationFn: exportAudit,
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
}
