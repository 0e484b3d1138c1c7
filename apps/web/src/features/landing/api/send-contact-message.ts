import { type ContactRequest, contactCalls } from '@kitchaco/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiError, publicRoute } from '../../../api';

/**
 * The landing page's contact form, emailed to the provider. Sent means what the spec's email
 * service answered: success true and the first message's status 'sent'.
 */
export async function sendContactMessage(message: ContactRequest): Promise<void> {
  const answer = await publicRoute(contactCalls.sendContactMessage, { body: message });
  if (answer.message[0]?.status !== 'sent') {
    throw new ApiError(200, 'The message was not sent.');
  }
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
