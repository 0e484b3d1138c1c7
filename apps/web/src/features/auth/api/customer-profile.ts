import type { CustomerProfile } from '@kitchaco/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerRouteLazy } from '../../../api/customer-fetch';

export const customerQueries = {
  all: () => ['customer'] as const,
  profile: (userId: number) =>
    queryOptions({
      queryKey: [...customerQueries.all(), userId, 'profile'] as const,
      queryFn: ({ signal }) => getCustomerProfile(userId, signal),
    }),
};

export function getCustomerProfile(userId: number, signal?: AbortSignal): Promise<CustomerProfile> {
  return customerRouteLazy(
    'authCalls',
    'getCustomer',
    { method: 'GET', url: '/api/v1/customers/:id/' },
    { params: { id: userId } },
    { signal },
  );
}

/** The signed-in customer's profile; disabled while signed out. */
export function useCustomerProfile(userId: number | undefined) {
  return useQuery({
    ...customerQueries.profile(userId ?? 0),
    enabled: userId !== undefined,
  });
}

/** The spec's rule: the profile modal is needed while the name is empty or the email is missing. */
export function isProfileIncomplete(profile: CustomerProfile): boolean {
  return !profile.username?.trim() || profile.email === null;
}
