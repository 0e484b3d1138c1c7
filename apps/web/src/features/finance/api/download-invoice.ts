import { useMutation } from '@tanstack/react-query';
import { staffDownload } from '../../../api';
import { saveBlob } from '../../../lib/download';
import type { InvoiceRef } from './email-sales-report';
import { SALES_REPORT } from './finance-keys';

export type DocumentFormat = 'pdf' | 'csv';

/** The invoice as a file (the approved snapshot once approved), from `invoice-pdf/` or `invoice-csv/`. */
export function downloadInvoice({ format, invoice }: { format: DocumentFormat; invoice: InvoiceRef }) {
  return staffDownload(`${SALES_REPORT}invoice-${format}/`, {
    body: invoice,
    fallbackFilename: `invoice-${invoice.start_date.replace(/ /g, '-')}.${format}`,
  });
}

/** Downloads the invoice and saves it under the name the server gave. */
export function useDownloadInvoice() {
  return useMutation({
    mutationFn: downloadInvoice,
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
}
