import { financeCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { financeKeys } from './finance-keys';

/** A location (0: every location) or an operator's locations (0: every operator's), and the fortnight. */
export type GenerateRequest = ({ kitchaco: number } | { external_operator: number }) & {
  start_date: string;
  end_date: string;
};

/**
 * generate_sales_report: records the fortnight's report of a location or an operator's locations
 * and emails each of those locations its transactional summary (once). 409 while the fortnight has
 * not ended.
 */
export function generateSalesReport(request: GenerateRequest) {
  return staffCall(financeCalls.generateSalesReport, request);
}

/** Once generated, every report and invoice is read again. */
export function useGenerateSalesReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateSalesReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financeKeys.reports() }),
  });
}
