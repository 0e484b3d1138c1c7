import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { customerSession } from '../../../lib/session/customer-session';
import { customerQueries } from '../api/customer-profile';
import { logout } from '../api/logout';

/** Revokes the token, clears the session and all cart, order and payment data, then goes to /. */
export function useCustomerLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      const session = customerSession.get();
      if (session) await logout(session.token);
    },
    onSettled: () => {
      customerSession.clearAll();
      queryClient.removeQueries({ queryKey: customerQueries.all() });
      navigate('/');
    },
  });
}
