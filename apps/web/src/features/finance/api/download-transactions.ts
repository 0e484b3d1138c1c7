import type { TransactionalReportRequest } from '@kitchaco/domain';
import { useMutation } from '@tanstack/react-query';
import { staffDownload } from '../../../api';
import { saveBlob } from '../../../lib/download';
import type { DocumentFormat } from './download-invoice';
import { SALES_REPORT } from './finance-keys';

/** The transactional report as a file, from `transactions-pdf/` or `transactions-csv/`. */
export function downloadTransactions({
  format,
  request,
}: {
  format: DocumentFormat;
  request: TransactionalReportRequest;
}) {
  return staffDownload(`${SALES_REPORT}transactions-${format}/`, {
    body: request,
    fallbackFilename: `transactions-${request.start_date.replace(/ /g, '-')}.${format}`,
  });
}

/** Downloads the report and saves it under the name the server gave. */
export function useDownloadTransactions() {
  return useMutation({
    mutationFn: downloadTransactions,
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
}
