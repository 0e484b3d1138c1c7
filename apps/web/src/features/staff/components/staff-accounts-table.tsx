import type { StaffAccount, StaffAccountsResponse } from '@kitchaco/domain';
import { Badge, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useResetStaffPassword } from '../api/reset-staff-password';
import { useUpdateStaffAccount } from '../api/update-staff-account';
import { fullName, roleLabel } from '../lib/roles';
import { EditStaffAccountModal } from './edit-staff-account-modal';
import type { TemporaryPassword } from './temporary-password-modal';

interface StaffAccountsTableProps {
  data: StaffAccountsResponse;
  onTemporaryPassword: (shown: TemporaryPassword) => void;
}

const matches = (a: StaffAccount, q: string) =>
  [a.email, a.first_name, a.last_name, a.kitchaco_name ?? '', roleLabel(a.role)].some((s) =>
    s.toLowerCase().includes(q),
  );

const failed = (title: string) => (error: Error) =>
  notifications.show({ color: 'red', title, message: error.message });

/** Every account with search, and per row: Edit, Disable/Enable, Reset password. */
export function StaffAccountsTable({ data, onTemporaryPassword }: StaffAccountsTableProps) {
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<StaffAccount | null>(null);
  const update = useUpdateStaffAccount();
  const reset = useResetStaffPassword();
  const q = search.trim().toLowerCase();
  const rows = q ? data.accounts.filter((a) => matches(a, q)) : data.accounts;

  const toggleActive = (a: StaffAccount) =>
    modals.openConfirmModal({
      title: a.is_active ? `Disable ${fullName(a)}?` : `Enable ${fullName(a)}?`,
      children: (
        <Text size="sm">
          {a.is_active
            ? 'They are signed out everywhere and cannot sign in until the account is enabled again.'
            : 'They can sign in again with their password.'}
        </Text>
      ),
      labels: { confirm: a.is_active ? 'Disable' : 'Enable', cancel: 'Cancel' },
      confirmProps: { color: a.is_active ? 'red' : undefined },
      onConfirm: () =>
        update.mutate(
          { id: a.id, is_active: !a.is_active },
          { onError: failed('The account was not changed') },
        ),
    });

  const resetPassword = (a: StaffAccount) =>
    modals.openConfirmModal({
      title: `Reset the password of ${fullName(a)}?`,
      children: (
        <Text size="sm">
          Their password stops working and they are signed out. You get a new temporary password to give them.
        </Text>
      ),
      labels: { confirm: 'Reset password', cancel: 'Cancel' },
      onConfirm: () =>
        reset.mutate(a.id, {
          onSuccess: (answer) =>
            onTemporaryPassword({ name: fullName(answer.account), password: answer.temporary_password }),
          onError: failed('The password was not reset'),
        }),
    });

  return (
    <>
      <TextInput
        label="Search accounts"
        placeholder="Name, email, role or location"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={360}
      />
      <Table.ScrollContainer minWidth={900}>
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Location</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>{fullName(a)}</Table.Td>
                <Table.Td>{a.email}</Table.Td>
                <Table.Td>{roleLabel(a.role)}</Table.Td>
                <Table.Td>{a.kitchaco_name ?? '—'}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge color={a.is_active ? 'green' : 'gray'} variant="dot">
                      {a.is_active ? 'Active' : 'Disabled'}
                    </Badge>
                    {a.must_change_password && (
                      <Badge color="orange" variant="dot">
                        Must change password
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setEditing(a)}
                      aria-label={`Edit ${fullName(a)}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => toggleActive(a)}
                      aria-label={`${a.is_active ? 'Disable' : 'Enable'} ${fullName(a)}`}
                    >
                      {a.is_active ? 'Disable' : 'Enable'}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => resetPassword(a)}
                      aria-label={`Reset password of ${fullName(a)}`}
                    >
                      Reset password
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length === 0 && <Text c="dimmed">No account matches “{search}”.</Text>}
      <EditStaffAccountModal account={editing} data={data} onClose={() => setEditing(null)} />
    </>
  );
}
