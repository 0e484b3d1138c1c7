import { type ContactRequest, contactResponse } from '@kitchaco/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../api';

export const CONTACT = '/api/v1/contact/';

/**
 * The landing page's contact form, emailed to the provider. Sent means what the spec's email
 * service answered: success true and the first message's status 'sent'.
 */
export async function sendContactMessage(message: ContactRequest): Promise<void> {
  const answer = await apiFetch(CONTACT, { body: message, schema: contactResponse });
  if (answer.message[0]?.status !== 'sent') {
    throw new ApiError(200, 'The message was not sent.');
  }
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
