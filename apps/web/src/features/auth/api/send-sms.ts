import { type SendSmsRequest, sendSmsResponse } from '@kitchaco/domain';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../api';

export function sendSms(body: SendSmsRequest) {
  return apiFetch('/api/v1/send-sms/', { method: 'POST', body, schema: sendSmsResponse });
}

export function useSendSms() {
  return useMutation({ mutationFn: sendSms });
}
