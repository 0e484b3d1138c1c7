import { staffCredentials } from '@kitchaco/domain';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { type FieldErrors, fieldErrors } from '../../../lib/schema-errors';
import { type StaffLoginOptions, staffLoginErrorMessage, useStaffLogin } from '../hooks/use-staff-login';

/** Email, password and Login; failures appear in an alert with the spec's exact wording. */
export function StaffLoginForm({ call, refuse }: StaffLoginOptions) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const login = useStaffLogin({ call, refuse });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = staffCredentials.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    login.mutate(parsed.data, {
      onSuccess: () => setPassword(''),
      onError: (failure) => console.warn('Staff login failed', failure),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {login.error && (
          <Alert color="red" variant="light">
            {staffLoginErrorMessage(login.error)}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email}
          required
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
          required
          // Mantine leaves the show-password button out of the tab order; keyboard users need it too.
          visibilityToggleFocusable
        />
        <Button type="submit" loading={login.isPending}>
          Login
        </Button>
      </Stack>
    </form>
  );
}
