import type { StaffAccount, StaffRoleName } from '@kitchaco/domain';
import type { AccountRow, RoleFlags } from './staff.queries.js';

/** The flags each role sets: exactly one of them true. */
export function roleFlags(role: StaffRoleName): Required<RoleFlags> {
  return {
    isSuperAdmin: role === 'super_admin',
    isStockAdmin: role === 'stock_admin',
    isOperator: role === 'operator',
    isKitchen: role === 'kitchen',
    isStockUser: role === 'stock_user',
  };
}

/**
 * An account's role; one with several flags (older data) shows its widest. One with none (older
 * data: it can sign in to nothing) has no role to show and is left out of the staff screen.
 */
export function roleOf(row: Required<RoleFlags>): StaffRoleName | null {
  if (row.isSuperAdmin) return 'super_admin';
  if (row.isStockAdmin) return 'stock_admin';
  if (row.isOperator) return 'operator';
  if (row.isKitchen) return 'kitchen';
  if (row.isStockUser) return 'stock_user';
  return null;
}

/** The account as the staff screen shows it; null for one with no role (see `roleOf`). */
export function presentAccount(row: AccountRow): StaffAccount | null {
  const role = roleOf(row);
  if (role === null) return null;
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role,
    kitchaco: row.locationId,
    kitchaco_name: row.locationName ?? null,
    external_operator_id: row.externalOperatorId,
    is_active: row.isActive,
    must_change_password: row.mustChangePassword,
    created_at: row.createdAt.toISOString(),
  };
}
