import type { CustomerProfile, UpdateCustomerRequest } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerRouteLazy } from '../../../api/customer-fetch';
import { customerQueries } from './customer-profile';

// Apart from customer-profile.ts: the profile form is loaded on first use, and with it TanStack's
// mutations, which the first screen does not need.

export function updateCustomerProfile(userId: number, body: UpdateCustomerRequest): Promise<CustomerProfile> {
  return customerRouteLazy(
    'authCalls',
    'updateCustomer',
    { method: 'PUT', url: '/api/v1/customers/:id/' },
    { params: { id: userId }, body },
  );
}

export function useUpdateCustomerProfile(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCustomerRequest) => updateCustomerProfile(userId, body),
    onSuccess: (profile) => queryClient.setQueryData(customerQueries.profile(userId).queryKey, profile),
  });
}
