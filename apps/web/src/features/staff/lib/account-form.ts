import {
  type AddStaffAccountRequest,
  addStaffAccountRequest,
  type StaffAccountsResponse,
  type StaffRoleName,
} from '@kitchaco/domain';
import { isApiError, messageForField } from '../../../api';
import { type FieldErrors, fieldErrors } from '../../../lib/schema-errors';
import { needsLocation } from './roles';

/** The account form's values as the inputs hold them (selects hold ids as text). */
export interface AccountFormValues {
  email: string;
  first_name: string;
  last_name: string;
  role: StaffRoleName | null;
  kitchaco: string | null;
  external_operator_id: string | null;
}

export const EMPTY_ACCOUNT: AccountFormValues = {
  email: '',
  first_name: '',
  last_name: '',
  role: null,
  kitchaco: null,
  external_operator_id: null,
};

const id = (value: string | null): number | null => (value ? Number(value) : null);

/** The request the values make: a location only for the roles bound to one, an operator for operators. */
export function toAccountRequest(values: AccountFormValues): unknown {
  return {
    email: values.email,
    first_name: values.first_name,
    last_name: values.last_name,
    role: values.role ?? undefined,
    kitchaco: needsLocation(values.role) ? id(values.kitchaco) : null,
    external_operator_id: values.role === 'operator' ? id(values.external_operator_id) : null,
  };
}

/** The same checks as the server's, in words beside each field. */
export function accountFormErrors(values: AccountFormValues): FieldErrors {
  const parsed = addStaffAccountRequest.safeParse(toAccountRequest(values));
  const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
  if (!values.role) errors.role = 'Choose a role';
  if (needsLocation(values.role) && !values.kitchaco)
    errors.kitchaco = 'Choose the location this account works at';
  return errors;
}

export const parseAccount = (values: AccountFormValues): AddStaffAccountRequest =>
  addStaffAccountRequest.parse(toAccountRequest(values));

/** The select options of the locations and external operators. */
export function choices(data: StaffAccountsResponse | undefined) {
  return {
    locations: (data?.locations ?? []).map((l) => ({ value: String(l.id), label: l.name })),
    operators: (data?.external_operators ?? []).map((o) => ({ value: String(o.id), label: o.business_name })),
  };
}

/** Where the server's refusal shows: beside the field it names, else above the form. */
export function serverFieldError(
  error: unknown,
  fields: readonly string[],
): { field: string; message: string } {
  if (isApiError(error) && error.field && fields.includes(error.field)) {
    return { field: error.field, message: messageForField(error) };
  }
  return { field: 'form', message: error instanceof Error ? error.message : String(error) };
}
