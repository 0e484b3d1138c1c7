import { marketplacePayoutCalls, type PayoutReconciliationRequest } from '@kitchaco/domain';
import { useMutation } from '@tanstack/react-query';
import { staffDownloadRoute } from '../../../api';
import { saveBlob } from '../../../lib/download';

interface ReconciliationFile {
  request: PayoutReconciliationRequest;
  /** The fortnight's first day as the wire writes it ("04 Nov 2026"), for the fallback file name. */
  startDate: string;
}

/** The fortnight's payout reconciliation as CSV, one row per order, from `marketplace-payouts/reconciliation-csv/`. */
export function downloadPayoutReconciliation({ request, startDate }: ReconciliationFile) {
  return staffDownloadRoute(
    marketplacePayoutCalls.marketplacePayoutReconciliationCsv,
    { body: request },
    { fallbackFilename: `payout-reconciliation-${startDate.replace(/ /g, '-')}.csv` },
  );
}

/** Downloads the reconciliation and saves it under the name the server gave. */
export function useDownloadPayoutReconciliation() {
  return useMutation({
    mutationFn: downloadPayoutReconciliation,
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
}
