import { type CallInput, staffCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { staffAdminKeys } from './staff-admin-keys';

/** add_staff_account: the new account and its temporary password, answered this once. */
export function addStaffAccount(input: CallInput<typeof staffCalls.addStaffAccount>) {
  return staffCall(staffCalls.addStaffAccount, input);
}

export function useAddStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStaffAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffAdminKeys.accounts() }),
  });
}
