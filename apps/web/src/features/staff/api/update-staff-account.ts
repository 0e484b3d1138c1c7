import { type CallInput, staffCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { staffAdminKeys } from './staff-admin-keys';

/** update_staff_account: only the fields given change; disabling ends the account's sessions. */
export function updateStaffAccount(input: CallInput<typeof staffCalls.updateStaffAccount>) {
  return staffCall(staffCalls.updateStaffAccount, input);
}

export function useUpdateStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaffAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffAdminKeys.accounts() }),
  });
}
