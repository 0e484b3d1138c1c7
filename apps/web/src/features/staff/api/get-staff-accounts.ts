import { staffCalls } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { staffAdminKeys } from './staff-admin-keys';

/** staff_accounts: every staff account, and the locations and external operators to bind them to. */
export function getStaffAccounts(signal?: AbortSignal) {
  return staffCall(staffCalls.staffAccounts, {}, { signal });
}

export const staffAdminQueries = {
  accounts: () =>
    queryOptions({
      queryKey: staffAdminKeys.accounts(),
      queryFn: ({ signal }) => getStaffAccounts(signal),
    }),
};

export function useStaffAccounts() {
  return useQuery(staffAdminQueries.accounts());
}
