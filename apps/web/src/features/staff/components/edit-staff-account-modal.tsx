import {
  type StaffAccount,
  type StaffAccountsResponse,
  type StaffRoleName,
  updateStaffAccountRequest,
} from '@kitchaco/domain';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { fieldErrors } from '../../../lib/schema-errors';
import { useUpdateStaffAccount } from '../api/update-staff-account';
import { choices, serverFieldError } from '../lib/account-form';
import { fullName, needsLocation, ROLE_OPTIONS } from '../lib/roles';

interface EditValues {
  first_name: string;
  last_name: string;
  role: StaffRoleName | null;
  kitchaco: string | null;
  external_operator_id: string | null;
}

const FIELDS = ['first_name', 'last_name', 'role', 'kitchaco', 'external_operator_id'] as const;

function toRequest(id: number, v: EditValues) {
  return {
    id,
    first_name: v.first_name,
    last_name: v.last_name,
    role: v.role ?? undefined,
    kitchaco: needsLocation(v.role) && v.kitchaco ? Number(v.kitchaco) : null,
    external_operator_id:
      v.role === 'operator' && v.external_operator_id ? Number(v.external_operator_id) : null,
  };
}

interface EditProps {
  account: StaffAccount;
  data: StaffAccountsResponse | undefined;
  onClose: () => void;
}

function EditForm({ account, data, onClose }: EditProps) {
  const update = useUpdateStaffAccount();
  const { locations, operators } = choices(data);
  const form = useForm<EditValues>({
    initialValues: {
      first_name: account.first_name,
      last_name: account.last_name,
      role: account.role,
      kitchaco: account.kitchaco === null ? null : String(account.kitchaco),
      external_operator_id:
        account.external_operator_id === null ? null : String(account.external_operator_id),
    },
    validate: (v: EditValues) => {
      const parsed = updateStaffAccountRequest.safeParse(toRequest(account.id, v));
      const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
      if (!v.role) errors.role = 'Choose a role';
      if (needsLocation(v.role) && !v.kitchaco) errors.kitchaco = 'Choose the location this account works at';
      return errors;
    },
  });
  const submit = form.onSubmit((v) =>
    update.mutate(updateStaffAccountRequest.parse(toRequest(account.id, v)), {
      onSuccess: onClose,
      onError: (error) => {
        const { field, message } = serverFieldError(error, FIELDS);
        if (field !== 'form') form.setFieldError(field, message);
      },
    }),
  );
  const formError = update.error ? serverFieldError(update.error, FIELDS) : null;
  const role = form.values.role;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {formError?.field === 'form' && (
          <Alert color="red" variant="light" role="alert" title="The account was not changed">
            {formError.message}
          </Alert>
        )}
        <TextInput label="Email" value={account.email} readOnly disabled />
        <Group grow>
          <TextInput label="First name" required {...form.getInputProps('first_name')} />
          <TextInput label="Last name" required {...form.getInputProps('last_name')} />
        </Group>
        <Select
          label="Role"
          required
          data={ROLE_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('role')}
        />
        {needsLocation(role) && (
          <Select label="Location" required searchable data={locations} {...form.getInputProps('kitchaco')} />
        )}
        {role === 'operator' && (
          <Select
            label="External operator"
            clearable
            searchable
            data={operators}
            {...form.getInputProps('external_operator_id')}
          />
        )}
        <Group justify="end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Name, role, location and external operator of one account. */
export function EditStaffAccountModal({
  account,
  data,
  onClose,
}: Omit<EditProps, 'account'> & { account: StaffAccount | null }) {
  return (
    <Modal
      opened={account !== null}
      onClose={onClose}
      title={account ? `Edit ${fullName(account)}` : ''}
      centered
    >
      {account && <EditForm key={account.id} account={account} data={data} onClose={onClose} />}
    </Modal>
  );
}
