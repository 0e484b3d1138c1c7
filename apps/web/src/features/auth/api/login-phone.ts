import type { LoginPhoneRequest } from '@kitchaco/domain';
import { useMutation } from '@tanstack/react-query';
import { publicRouteLazy } from '../../../api/call';

export function loginPhone(body: LoginPhoneRequest) {
  return publicRouteLazy(
    'authCalls',
    'loginPhone',
    { method: 'POST', url: '/api/v1/login-phone/' },
    { body },
  );
}

export function useLoginPhone() {
  return useMutation({ mutationFn: loginPhone });
}
