import { CONTACT_MESSAGES, contactRequest } from '@kitchaco/domain';
import { describe, expect, it } from 'vitest';
import { contactFormErrors } from './contact-errors';

const errorsOf = (values: Record<string, string>) => {
  const parsed = contactRequest.safeParse(values);
  if (parsed.success) throw new Error('expected the form to be refused');
  return contactFormErrors(parsed.error.issues);
};

describe('contactFormErrors', () => {
  it("says the spec's message once for an empty form, and each field its own message", () => {
    const { fields, summary } = errorsOf({ name: '', phone: '', email: '', message: '' });
    expect(summary).toBe(CONTACT_MESSAGES.required);
    expect(fields).toEqual({
      name: 'Enter your name',
      phone: 'Enter your phone number',
      email: 'Enter your email',
      message: 'Enter a message',
    });
    const shown = [summary, ...Object.values(fields)];
    expect(new Set(shown).size).toBe(shown.length);
  });

  it('marks only the empty fields', () => {
    const { fields, summary } = errorsOf({
      name: 'Ann',
      phone: ' ',
      email: 'ann@example.com',
      message: 'Hi',
    });
    expect(summary).toBe(CONTACT_MESSAGES.required);
    expect(fields).toEqual({ phone: 'Enter your phone number' });
  });

  it('leaves a malformed email to its field, without a summary', () => {
    const { fields, summary } = errorsOf({ name: 'Ann', phone: '0400', email: 'ann', message: 'Hi' });
    expect(summary).toBeNull();
    expect(Object.keys(fields)).toEqual(['email']);
  });
});
