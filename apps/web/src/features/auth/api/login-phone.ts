import { type LoginPhoneRequest, loginPhoneResponse } from '@kitchaco/domain';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../api';

export function loginPhone(body: LoginPhoneRequest) {
  return apiFetch('/api/v1/login-phone/', { method: 'POST', body, schema: loginPhoneResponse });
}

export function useLoginPhone() {
  return useMutation({ mutationFn: loginPhone });
}
