/** The answer to a sent message: where it went, as the spec has it. */
export function presentContactSent(email: string) {
  return { success: true as const, message: [{ status: 'sent' as const, email }] };
}
