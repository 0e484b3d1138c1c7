import { healthCalls } from '@kitchaco/domain';
import { useMutation } from '@tanstack/react-query';
import { staffCall } from '../../../api';

/**
 * admin_provider_check: the go-live check, on demand only (it calls every configured provider,
 * and Uber gives an app at most 100 tokens an hour), so a mutation rather than a polled query.
 */
export function checkProviders() {
  return staffCall(healthCalls.adminProviderCheck, {});
}

export function useCheckProviders() {
  return useMutation({ mutationFn: checkProviders });
}
