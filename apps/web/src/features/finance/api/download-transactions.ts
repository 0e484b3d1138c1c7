import { financeCalls, type TransactionalReportRequest } from '@kitchaco/domain';
import { useMutation } from '@tanstack/react-query';
import { staffDownloadRoute } from '../../../api';
import { saveBlob } from '../../../lib/download';
import type { DocumentFormat } from './download-invoice';

/** The transactional report as a file, from `transactions-pdf/` or `transactions-csv/`. */
export function downloadTransactions({
  format,
  request,
}: {
  format: DocumentFormat;
  request: TransactionalReportRequest;
}) {
  const call = format === 'pdf' ? financeCalls.transactionsPdf : financeCalls.transactionsCsv;
  return staffDownloadRoute(
    call,
    { body: request },
    { fallbackFilename: `transactions-${request.start_date.replace(/ /g, '-')}.${format}` },
  );
}

/** Downloads the report and saves it under the name the server gave. */
export function useDownloadTransactions() {
  return useMutation({
    mutationFn: downloadTransactions,
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
}
