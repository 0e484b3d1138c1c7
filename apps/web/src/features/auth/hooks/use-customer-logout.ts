import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from '../../../lib/router';
import { customerSession } from '../../../lib/session/customer-session';
import { customerQueries } from '../api/customer-profile';
import { logout } from '../api/logout';

/**
 * Revokes the token, clears the session and all cart, order and payment data, then goes to /.
 * A plain callback rather than a TanStack mutation: the account menu is on every customer's first
 * screen, and mutations would bring their observer into it.
 */
export function useCustomerLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);
  const run = useCallback(async () => {
    setPending(true);
    try {
      const session = customerSession.get();
      if (session) await logout(session.token);
    } catch {
      // Signed out here whatever the server answered: the token is forgotten below.
    } finally {
      customerSession.clearAll();
      queryClient.removeQueries({ queryKey: customerQueries.all() });
      setPending(false);
      navigate('/');
    }
  }, [queryClient, navigate]);
  return { isPending, run };
}
