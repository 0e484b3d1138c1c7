export type FieldErrors = Partial<Record<string, string>>;

/** The first message per top-level field, with a capital letter for display. */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message.charAt(0).toUpperCase() + issue.message.slice(1);
  }
  return errors;
}
