import { z } from 'zod';

/** Wire contract of the landing page's contact form. */

export const CONTACT_MESSAGES = {
  required: 'Please enter all the fields!',
  failure: 'Something went wrong! Please try again!',
  success: 'Thank you for contacting us! We will get back to you within 2 business days!',
} as const;

const required = (max: number) =>
  z.string({ error: CONTACT_MESSAGES.required }).trim().min(1, CONTACT_MESSAGES.required).max(max);

export const contactRequest = z.object({
  name: required(120),
  phone: required(40),
  email: required(200).pipe(z.email('Please enter a valid email address.')),
  message: required(4000),
});
export type ContactRequest = z.infer<typeof contactRequest>;
/** The answer the spec's email service gives: success and message[0].status 'sent'. */
export const contactResponse = z.object({
  success: z.literal(true),
  message: z.array(z.object({ status: z.literal('sent'), email: z.string() })),
});
