import { type CustomerProfile, updateCustomerRequest } from '@kitchaco/domain';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../api';
import { type FieldErrors, fieldErrors } from '../../../lib/schema-errors';
import { useUpdateCustomerProfile } from '../api/update-customer-profile';

interface ProfileFormProps {
  userId: number;
  profile: CustomerProfile | null;
  submitLabel: string;
  onSaved: (profile: CustomerProfile) => void;
}

function failureDetails(error: Error): string {
  if (error instanceof ApiError) return error.field ? `${error.message} (${error.field})` : error.message;
  return error.message;
}

/** Name and email, both trimmed; the button is enabled only when both are filled in. */
export function ProfileForm({ userId, profile, submitLabel, onSaved }: ProfileFormProps) {
  const [username, setUsername] = useState(profile?.username ?? '');
  const [email, setEmail] = useState(profile?.email ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateCustomerProfile(userId);
  const complete = username.trim() !== '' && email.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateCustomerRequest.safeParse({ username, email });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: onSaved,
      onError: (failure) => console.warn('Profile update failed', failure),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Name"
          autoComplete="name"
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          error={errors.username}
          required
          data-autofocus
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email}
          required
        />
        {update.error && (
          <Alert color="red" variant="light" title="Error 2">
            {failureDetails(update.error)}
          </Alert>
        )}
        <Button type="submit" disabled={!complete} loading={update.isPending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
