import { CONTACT_MESSAGES } from '@kitchaco/domain';
import { type FieldErrors, fieldErrors } from '../../../lib/schema-errors';

/** What each empty field says under itself; the spec's message is said once, above the form. */
const MISSING: Record<string, string> = {
  name: 'Enter your name',
  phone: 'Enter your phone number',
  email: 'Enter your email',
  message: 'Enter a message',
};

export interface ContactFormErrors {
  fields: FieldErrors;
  /** The spec's "Please enter all the fields!" when a field is empty; otherwise the fields say it all. */
  summary: string | null;
}

/**
 * The contact form's errors: one message per field (its own, not the spec's sentence repeated under
 * every empty field) and, when any field is empty, the spec's message once as a summary.
 */
export function contactFormErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): ContactFormErrors {
  const found = fieldErrors(issues);
  const fields: FieldErrors = {};
  let missing = false;
  for (const [field, message] of Object.entries(found)) {
    if (message === CONTACT_MESSAGES.required) {
      missing = true;
      fields[field] = MISSING[field] ?? 'Required';
    } else {
      fields[field] = message;
    }
  }
  return { fields, summary: missing ? CONTACT_MESSAGES.required : null };
}
