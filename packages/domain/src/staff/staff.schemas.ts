import { z } from 'zod';
import { DEFAULT_TIME_ZONE, STAFF_ROLES } from '../constants.js';
import { openingHoursSchema } from '../kitchen/schedule.schemas.js';
import { kitchacoLocation } from '../locations/locations.schemas.js';
import { amount, dbId } from '../wire/wire.js';

/**
 * Staff accounts and locations, added by a super admin (docs/operations.md, "First run"; the same
 * rules as `npm run setup`). An account has one role; operators, kitchen staff and stock users
 * belong to one location.
 */
export const staffRole = z.enum(STAFF_ROLES, { error: `role must be one of ${STAFF_ROLES.join(', ')}` });
export type StaffRoleName = z.infer<typeof staffRole>;
/** The roles bound to one location (`kitchaco` required). */
export const LOCATION_ROLES: readonly StaffRoleName[] = ['operator', 'kitchen', 'stock_user'];

/** The shortest password a staff account may choose (a temporary one is longer and random). */
export const MIN_STAFF_PASSWORD_LENGTH = 12;
/**
 * The demo accounts' password (`npm start`), published in the README: no staff account may choose
 * it, and a production start disables any account that still has it.
 */
export const DEMO_PASSWORD = 'demo-password';

const email = z
  .string({ error: 'email is required' })
  .trim()
  .toLowerCase()
  .max(200)
  .pipe(z.email({ error: 'email must be an email address' }));
const personName = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(100);

export const staffAccount = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: staffRole,
  /** The location of an operator, kitchen or stock account; null for the others. */
  kitchaco: z.number().int().nullable(),
  kitchaco_name: z.string().nullable(),
  external_operator_id: z.number().int().nullable(),
  is_active: z.boolean(),
  /** Signed in with a temporary password: must choose one before anything else. */
  must_change_password: z.boolean(),
  created_at: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccount>;

/** `staff_accounts`: every staff account, and the locations to bind them to. */
export const staffAccountsResponse = z.object({
  success: z.literal(true),
  accounts: z.array(staffAccount),
  locations: z.array(z.object({ id: z.number().int(), name: z.string() })),
  external_operators: z.array(z.object({ id: z.number().int(), business_name: z.string() })),
});
export type StaffAccountsResponse = z.infer<typeof staffAccountsResponse>;

/** `add_staff_account`: the account gets a random temporary password, answered once. */
export const addStaffAccountRequest = z.object({
  email,
  first_name: personName('first_name'),
  last_name: personName('last_name'),
  role: staffRole,
  kitchaco: dbId.nullable().optional(),
  external_operator_id: dbId.nullable().optional(),
});
export type AddStaffAccountRequest = z.infer<typeof addStaffAccountRequest>;

export const staffAccountWithPassword = z.object({
  success: z.literal(true),
  account: staffAccount,
  /** Shown once to the super admin, to hand over; the account must change it at first sign-in. */
  temporary_password: z.string(),
});
export type StaffAccountWithPassword = z.infer<typeof staffAccountWithPassword>;

/** `update_staff_account`: only the fields given change; disabling ends the account's sessions. */
export const updateStaffAccountRequest = z.object({
  id: dbId,
  first_name: personName('first_name').optional(),
  last_name: personName('last_name').optional(),
  role: staffRole.optional(),
  kitchaco: dbId.nullable().optional(),
  external_operator_id: dbId.nullable().optional(),
  is_active: z.boolean().optional(),
});
export type UpdateStaffAccountRequest = z.infer<typeof updateStaffAccountRequest>;
export const staffAccountResponse = z.object({ success: z.literal(true), account: staffAccount });

/** `reset_staff_password`: a new temporary password (the old one and its sessions stop working). */
export const resetStaffPasswordRequest = z.object({ id: dbId });

/** `change_password`: the signed-in account's own password (also ends a temporary one). */
export const changePasswordRequest = z
  .object({
    current_password: z
      .string({ error: 'current_password is required' })
      .min(1, 'current_password is required'),
    new_password: z
      .string({ error: 'new_password is required' })
      .min(
        MIN_STAFF_PASSWORD_LENGTH,
        `new_password must have at least ${MIN_STAFF_PASSWORD_LENGTH} characters`,
      )
      .max(200),
  })
  .refine((r) => r.new_password !== r.current_password, {
    message: 'new_password must differ from the current one',
    path: ['new_password'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
export const changePasswordResponse = z.object({
  success: z.literal(true),
  /** A new session token (the others of the account end). */
  token: z.string(),
});

/** `add_location`: a new pickup location, open by `opening_hours` (a missing day is closed). */
export const addLocationRequest = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(100),
  address: z.string({ error: 'address is required' }).trim().min(3, 'address is required').max(200),
  suburb: z.string({ error: 'suburb is required' }).trim().min(1, 'suburb is required').max(100),
  lat: z.number({ error: 'lat must be a number' }).min(-90).max(90),
  lng: z.number({ error: 'lng must be a number' }).min(-180).max(180),
  time_zone: z
    .string()
    .default(DEFAULT_TIME_ZONE)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'time_zone must be an IANA time zone such as Australia/Melbourne'),
  opening_hours: openingHoursSchema,
  email: z.email({ error: 'email must be an email address' }).nullable().optional(),
  external_operator_id: dbId.nullable().optional(),
  delivery_charge: amount({ min: 0, max: 1000 }).optional(),
});
export type AddLocationRequest = z.infer<typeof addLocationRequest>;
export const addLocationResponse = z.object({ success: z.literal(true), location: kitchacoLocation });
