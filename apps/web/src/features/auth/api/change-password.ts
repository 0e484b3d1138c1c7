import { type ChangePasswordRequest, staffCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { staffSession } from '../../../lib/session/staff-session';

/**
 * change_password: the signed-in account's own password; answers the session's new token. A wrong
 * current password is refused at its field (the session goes on).
 */
export function changePassword(input: ChangePasswordRequest) {
  return staffCall(staffCalls.changePassword, input);
}

/**
 * The session goes on with the new token (the server ends the account's other sessions), and the
 * staff screens' calls refused meanwhile are made again.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: ({ token }) => {
      staffSession.passwordChanged(token);
      return queryClient.invalidateQueries({ queryKey: ['staff'] });
    },
  });
}
