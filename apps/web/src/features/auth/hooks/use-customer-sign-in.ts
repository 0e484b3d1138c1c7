import type { CustomerProfile, LoginPhoneRequest } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerSession } from '../../../lib/session/customer-session';
import { customerQueries } from '../api/customer-profile';
import { loginPhone } from '../api/login-phone';

export interface CustomerSignIn {
  userId: number;
  /** null when the profile could not be fetched right after signing in. */
  profile: CustomerProfile | null;
}

/** Checks the SMS code, keeps the session, then fetches the profile (spec section 4, steps 2 and 3). */
export function useCustomerSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: LoginPhoneRequest): Promise<CustomerSignIn> => {
      const { token, user_id: userId } = await loginPhone(request);
      customerSession.save({ token, userId });
      const profile = await queryClient
        .fetchQuery(customerQueries.profile(userId))
        .catch((error: unknown) => {
          console.warn('Signed in, but the profile could not be fetched', error);
          return null;
        });
      return { userId, profile };
    },
  });
}
