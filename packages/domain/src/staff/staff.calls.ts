import { z } from 'zod';
import { STAFF_ROLES } from '../constants.js';
import { ENDPOINTS, queryCall, SUPER_ADMIN, staff } from '../wire/calls.js';
import {
  addLocationRequest,
  addLocationResponse,
  addStaffAccountRequest,
  changePasswordRequest,
  changePasswordResponse,
  resetStaffPasswordRequest,
  staffAccountResponse,
  staffAccountsResponse,
  staffAccountWithPassword,
  updateStaffAccountRequest,
} from './staff.schemas.js';

/** Any signed-in staff account, also one still signed in with a temporary password. */
const ANY_STAFF_EVEN_TEMPORARY = { ...staff(...STAFF_ROLES), temporaryPassword: true } as const;

/** Staff accounts and locations (docs/operations.md, "First run"). */
export const staffCalls = {
  staffAccounts: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'staff_accounts',
    summary:
      'Every staff account with its role and location, and the locations and external operators to choose from.',
    access: SUPER_ADMIN,
    audit: false,
    input: z.object({}),
    response: staffAccountsResponse,
    failures: 'spec',
  }),
  addStaffAccount: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'add_staff_account',
    summary:
      'Adds a staff account with one role (operator, kitchen and stock_user need `kitchaco`) and a random temporary password, answered once; it must be changed at first sign-in.',
    access: SUPER_ADMIN,
    audit: { action: 'staff.add', entity: 'staff_user' },
    input: addStaffAccountRequest,
    response: staffAccountWithPassword,
    failures: 'spec',
    statuses: [404, 409],
  }),
  updateStaffAccount: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'update_staff_account',
    summary:
      "Changes a staff account's name, role, location or external operator, or disables it (its sessions end). A super admin cannot disable or demote their own account.",
    access: SUPER_ADMIN,
    audit: { action: 'staff.update', entity: 'staff_user' },
    input: updateStaffAccountRequest,
    response: staffAccountResponse,
    failures: 'spec',
    statuses: [404, 409],
  }),
  resetStaffPassword: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'reset_staff_password',
    summary:
      'Gives a staff account a new random temporary password (answered once); its old password and sessions stop working.',
    access: SUPER_ADMIN,
    audit: { action: 'staff.password_reset', entity: 'staff_user' },
    input: resetStaffPasswordRequest,
    response: staffAccountWithPassword,
    failures: 'spec',
    statuses: [404],
  }),
  changePassword: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'change_password',
    summary:
      "The signed-in staff account's own new password (at least 12 characters); ends a temporary password. The account's other sessions end; the answer carries a new token.",
    access: ANY_STAFF_EVEN_TEMPORARY,
    audit: { action: 'staff.password_change', entity: 'staff_user' },
    input: changePasswordRequest,
    response: changePasswordResponse,
    failures: 'spec',
  }),
  addLocation: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'add_location',
    summary: 'Adds a pickup location with its address, position, time zone and weekly opening hours.',
    access: SUPER_ADMIN,
    audit: { action: 'location.add', entity: 'location' },
    input: addLocationRequest,
    response: addLocationResponse,
    failures: 'spec',
    statuses: [404],
  }),
};
