import type { SendSmsRequest } from '@kitchaco/domain';
import { useMutation } from '@tanstack/react-query';
import { publicRouteLazy } from '../../../api/call';

export function sendSms(body: SendSmsRequest) {
  return publicRouteLazy('authCalls', 'sendSms', { method: 'POST', url: '/api/v1/send-sms/' }, { body });
}

export function useSendSms() {
  return useMutation({ mutationFn: sendSms });
}
