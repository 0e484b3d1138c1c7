import { LOCATION_ROLES, STAFF_ROLES, type StaffRoleName } from '@kitchaco/domain';

export const ROLE_LABELS: Record<StaffRoleName, string> = {
  super_admin: 'Super admin',
  operator: 'Operator',
  kitchen: 'Kitchen',
  stock_user: 'Stock user',
  stock_admin: 'Stock admin',
};

/** The role select's options, in the order a super admin most often needs them. */
export const ROLE_OPTIONS = (['kitchen', 'operator', 'stock_user', 'stock_admin', 'super_admin'] as const)
  .filter((role) => STAFF_ROLES.includes(role))
  .map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** Operators, kitchen staff and stock users belong to one location. */
export const needsLocation = (role: StaffRoleName | null | undefined): boolean =>
  !!role && LOCATION_ROLES.includes(role);

export const fullName = (a: { first_name: string; last_name: string; email: string }): string =>
  `${a.first_name} ${a.last_name}`.trim() || a.email;

/** An account's role in words; older accounts may have none (they can sign in to nothing). */
export const roleLabel = (role: StaffRoleName | null): string => (role ? ROLE_LABELS[role] : 'No role');
