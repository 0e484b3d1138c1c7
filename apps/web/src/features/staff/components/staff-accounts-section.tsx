import type { StaffAccountsResponse } from '@kitchaco/domain';
import { Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { QueryError } from '../../../components/query-state';
import { useStaffAccounts } from '../api/get-staff-accounts';
import { fullName } from '../lib/roles';
import { AddStaffAccountForm } from './add-staff-account-form';
import { StaffAccountsTable } from './staff-accounts-table';
import { type TemporaryPassword, TemporaryPasswordModal } from './temporary-password-modal';

/** The accounts: a form to add one, the table, and the temporary password modal they both open. */
export function StaffAccountsSection({
  children,
}: {
  children?: (data: StaffAccountsResponse) => React.ReactNode;
}) {
  const accounts = useStaffAccounts();
  const [shown, setShown] = useState<TemporaryPassword | null>(null);
  if (accounts.error) {
    return <QueryError title="The staff accounts could not be loaded" error={accounts.error} />;
  }
  if (!accounts.data) {
    return (
      <Group justify="center" py="xl">
        <Loader role="status" aria-label="Loading staff accounts" />
      </Group>
    );
  }
  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Stack>
          <Title order={3} size="h4">
            Add staff account
          </Title>
          <AddStaffAccountForm
            data={accounts.data}
            onAdded={(answer) =>
              setShown({ name: fullName(answer.account), password: answer.temporary_password })
            }
          />
        </Stack>
      </Paper>
      <Title order={3} size="h4">
        Staff accounts
      </Title>
      <StaffAccountsTable data={accounts.data} onTemporaryPassword={setShown} />
      <TemporaryPasswordModal shown={shown} onClose={() => setShown(null)} />
      {children?.(accounts.data)}
    </Stack>
  );
}
