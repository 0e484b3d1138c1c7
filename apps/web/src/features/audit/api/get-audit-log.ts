import {
  type AuditFilters,
  auditCalls,
  DEFAULT_AUDIT_PAGE_SIZE,
  formatWireDate,
  type IsoDate,
} from '@kitchaco/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { staffCall } from '../../../api';

/** The audit log's filters as the screen keeps them. */
export interface AuditFilter {
  /** 0 = all locations; for an operator anything (the server uses their own). */
  locationId: number;
  startDate: IsoDate;
  endDate: IsoDate;
  /** Part of the email of who made the change. */
  actor: string;
  /** An action, or '' for all. */
  action: string;
}

/** Query keys of the audit log, under the staff root so that signing out forgets them. */
export const auditKeys = {
  all: ['staff', 'audit'] as const,
  page: (filter: AuditFilter, page: number) => [...auditKeys.all, 'log', filter, page] as const,
};

/** The wire filters of admin_audit_log and of the CSV (which has no paging). */
export function auditWireFilter(filter: AuditFilter): AuditFilters {
  const actor = filter.actor.trim();
  return {
    kitchaco_location: filter.locationId,
    start_date: formatWireDate(filter.startDate),
    end_date: formatWireDate(filter.endDate),
    ...(actor ? { actor } : {}),
    ...(filter.action ? { action: filter.action } : {}),
  };
}

/** admin_audit_log: one page of entries, newest first. */
export function getAuditLog(filter: AuditFilter, page: number, signal?: AbortSignal) {
  return staffCall(
    auditCalls.auditLog,
    { ...auditWireFilter(filter), page, page_size: DEFAULT_AUDIT_PAGE_SIZE },
    { signal },
  );
}

export const auditQueries = {
  page: (filter: AuditFilter, page: number) =>
    queryOptions({
      queryKey: auditKeys.page(filter, page),
      queryFn: ({ signal }) => getAuditLog(filter, page, signal),
      placeholderData: keepPreviousData,
    }),
};

export function useAuditLog(filter: AuditFilter, page: number) {
  return useQuery(auditQueries.page(filter, page));
}
