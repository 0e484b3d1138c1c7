import { schemaResolver } from '@mantine/form';
import type { ReactNode } from 'react';
import { isApiError, messageForField } from '../../api';

export type FormErrors = Partial<Record<string, ReactNode>>;

/** `menu_item.meal_combo.0.name` -> `meal_combo.0.name`: the edit form's fields sit under menu_item. */
function key(path: readonly PropertyKey[]): string {
  const parts = path.map(String);
  return (parts[0] === 'menu_item' ? parts.slice(1) : parts).join('.') || 'form';
}

/** The first message per field of a failed schema check, starting with a capital. */
export function formErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    errors[key(issue.path)] ??= issue.message.charAt(0).toUpperCase() + issue.message.slice(1);
  }
  return errors;
}

/**
 * A form's `validate` from a domain schema (Standard Schema, read by Mantine's `schemaResolver`): the
 * form's values turned into the call's request, checked by the same schema the server checks with,
 * and the first message per field as `formErrors` words it.
 */
export function schemaRule<Values>(
  schema: Parameters<typeof schemaResolver>[0],
  toRequest: (values: Values) => unknown,
): (values: Values) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true });
  return (values) =>
    formErrors(
      Object.entries(resolve(toRequest(values))).map(([path, message]) => ({
        path: path === '' ? [] : path.split('.'),
        message: String(message),
      })),
    );
}

/** The server's refusal as the form shows it: its words without the field name in front. */
export function serverMessage(error: Error): string {
  return isApiError(error) ? messageForField(error) : error.message;
}
