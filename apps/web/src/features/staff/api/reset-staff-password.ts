import { staffCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { staffAdminKeys } from './staff-admin-keys';

/** reset_staff_password: a new temporary password, answered once; the old one stops working. */
export function resetStaffPassword(id: number) {
  return staffCall(staffCalls.resetStaffPassword, { id });
}

export function useResetStaffPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetStaffPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffAdminKeys.accounts() }),
  });
}
