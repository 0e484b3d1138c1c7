import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '../../../lib/router';
import { staffSession } from '../../../lib/session/staff-session';
import { logout } from '../api/logout';

/** Revokes the staff token, clears the staff session and goes to the page's login (`destination`). */
export function useStaffLogout(destination: string) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      const session = staffSession.get();
      if (session) await logout(session.token);
    },
    onSettled: () => {
      staffSession.clear();
      navigate(destination);
    },
  });
}
