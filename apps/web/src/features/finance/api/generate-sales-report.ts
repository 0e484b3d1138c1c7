import { financeCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { financeKeys } from './finance-keys';

export interface GenerateRequest {
  /** A location, or 0 for every location. */
  kitchaco: number;
  start_date: string;
  end_date: string;
}

/**
 * generate_sales_report: records the fortnight's report of a location (or all) and emails each
 * location its transactional summary. 409 while the fortnight has not ended.
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
