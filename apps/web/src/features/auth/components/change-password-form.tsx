import { changePasswordRequest, MIN_STAFF_PASSWORD_LENGTH } from '@kitchaco/domain';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isApiError, messageForField } from '../../../api';
import { fieldErrors } from '../../../lib/schema-errors';
import { useChangePassword } from '../api/change-password';

interface Values {
  current_password: string;
  new_password: string;
  repeat: string;
}

// The schema's messages name the wire fields ("new_password must ..."); the form says it in words.
function errorsOf(values: Values) {
  const parsed = changePasswordRequest.safeParse(values);
  const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
  if (errors.current_password) errors.current_password = 'Enter the temporary password you signed in with';
  if (values.new_password.length < MIN_STAFF_PASSWORD_LENGTH) {
    errors.new_password = `Use at least ${MIN_STAFF_PASSWORD_LENGTH} characters`;
  } else if (values.new_password === values.current_password) {
    errors.new_password = 'Choose a password different from the temporary one';
  }
  if (!errors.new_password && values.repeat !== values.new_password) {
    errors.repeat = 'The two new passwords differ';
  }
  return errors;
}

/**
 * The staff member's own password instead of a temporary one: the temporary (current) password and
 * the new one twice. The server's objection shows at the field it names.
 */
export function ChangePasswordForm({ onChanged }: { onChanged?: () => void }) {
  const change = useChangePassword();
  const form = useForm<Values>({
    initialValues: { current_password: '', new_password: '', repeat: '' },
    validate: errorsOf,
  });
  const submit = form.onSubmit(({ current_password, new_password }) =>
    change.mutate(
      { current_password, new_password },
      {
        onSuccess: () => onChanged?.(),
        onError: (error) => {
          if (isApiError(error) && (error.field === 'current_password' || error.field === 'new_password')) {
            form.setFieldError(error.field, messageForField(error));
          }
        },
      },
    ),
  );
  const shownAtField = isApiError(change.error) && Boolean(change.error.field);

  return (
    <form onSubmit={submit} noValidate aria-label="Choose your password">
      <Stack>
        <Text size="sm">
          You signed in with a temporary password. Choose your own to carry on: at least{' '}
          {MIN_STAFF_PASSWORD_LENGTH} characters, different from the temporary one.
        </Text>
        {change.error && !shownAtField && (
          <Alert color="red" variant="light" role="alert" title="The password was not changed">
            {change.error.message}
          </Alert>
        )}
        <PasswordInput
          label="Current (temporary) password"
          autoComplete="current-password"
          required
          visibilityToggleFocusable
          {...form.getInputProps('current_password')}
        />
        <PasswordInput
          label="New password"
          description={`At least ${MIN_STAFF_PASSWORD_LENGTH} characters`}
          autoComplete="new-password"
          required
          visibilityToggleFocusable
          {...form.getInputProps('new_password')}
        />
        <PasswordInput
          label="New password again"
          autoComplete="new-password"
          required
          visibilityToggleFocusable
          {...form.getInputProps('repeat')}
        />
        <Button type="submit" loading={change.isPending}>
          Save password
        </Button>
      </Stack>
    </form>
  );
}
