import { financeCalls } from '@kitchaco/domain';
import { useMutation } from '@tanstack/react-query';
import { staffDownloadRoute } from '../../../api';
import { saveBlob } from '../../../lib/download';
import type { InvoiceRef } from './email-sales-report';

export type DocumentFormat = 'pdf' | 'csv';

/** The invoice as a file (the approved snapshot once approved), from `invoice-pdf/` or `invoice-csv/`. */
export function downloadInvoice({ format, invoice }: { format: DocumentFormat; invoice: InvoiceRef }) {
  const call = format === 'pdf' ? financeCalls.invoicePdf : financeCalls.invoiceCsv;
  return staffDownloadRoute(
    call,
    { body: invoice },
    { fallbackFilename: `invoice-${invoice.start_date.replace(/ /g, '-')}.${format}` },
  );
}

/** Downloads the invoice and saves it under the name the server gave. */
export function useDownloadInvoice() {
  return useMutation({
    mutationFn: downloadInvoice,
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
}
