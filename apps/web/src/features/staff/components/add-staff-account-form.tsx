import type { StaffAccountsResponse, StaffAccountWithPassword } from '@kitchaco/domain';
import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAddStaffAccount } from '../api/add-staff-account';
import {
  type AccountFormValues,
  accountFormErrors,
  choices,
  EMPTY_ACCOUNT,
  parseAccount,
  serverFieldError,
} from '../lib/account-form';
import { needsLocation, ROLE_OPTIONS } from '../lib/roles';

const FIELDS = ['email', 'first_name', 'last_name', 'role', 'kitchaco', 'external_operator_id'] as const;

interface AddStaffAccountFormProps {
  data: StaffAccountsResponse | undefined;
  onAdded: (answer: StaffAccountWithPassword) => void;
}

/** Email, names, role, and the location (and external operator) the role needs. */
export function AddStaffAccountForm({ data, onAdded }: AddStaffAccountFormProps) {
  const add = useAddStaffAccount();
  const form = useForm<AccountFormValues>({ initialValues: EMPTY_ACCOUNT, validate: accountFormErrors });
  const { locations, operators } = choices(data);
  const role = form.values.role;

  const submit = form.onSubmit((values) =>
    add.mutate(parseAccount(values), {
      onSuccess: (answer) => {
        form.reset();
        onAdded(answer);
      },
      onError: (error) => {
        const { field, message } = serverFieldError(error, FIELDS);
        if (field !== 'form') form.setFieldError(field, message);
      },
    }),
  );
  const formError = add.error ? serverFieldError(add.error, FIELDS) : null;

  return (
    <form onSubmit={submit} noValidate aria-label="Add staff account">
      <Stack>
        {formError?.field === 'form' && (
          <Alert color="red" variant="light" role="alert" title="The account was not added">
            {formError.message}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <TextInput label="First name" required {...form.getInputProps('first_name')} />
          <TextInput label="Last name" required {...form.getInputProps('last_name')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Role"
            required
            data={ROLE_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
          {needsLocation(role) && (
            <Select
              label="Location"
              required
              searchable
              data={locations}
              nothingFoundMessage="No such location"
              {...form.getInputProps('kitchaco')}
            />
          )}
          {role === 'operator' && (
            <Select
              label="External operator"
              placeholder="None"
              clearable
              searchable
              data={operators}
              {...form.getInputProps('external_operator_id')}
            />
          )}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={add.isPending}>
            Add staff account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
