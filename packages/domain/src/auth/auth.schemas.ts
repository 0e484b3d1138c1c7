import { z } from 'zod';
import { SMS_CODE_LENGTH } from '../constants.js';
import { dbId, dbIdText } from '../wire/wire.js';

const phoneText = z.string().trim().min(6, 'phone is too short').max(20, 'phone is too long');

export const sendSmsRequest = z.object({ phone: phoneText });
export type SendSmsRequest = z.infer<typeof sendSmsRequest>;

export const sendSmsResponse = z.object({ success: z.literal(true), expires_in: z.number().int() });

export const loginPhoneRequest = z.object({
  phone: phoneText,
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), `code must be exactly ${SMS_CODE_LENGTH} digits`),
});
export type LoginPhoneRequest = z.infer<typeof loginPhoneRequest>;

export const loginPhoneResponse = z.object({ token: z.string(), user_id: z.number().int() });
export type LoginPhoneResponse = z.infer<typeof loginPhoneResponse>;

export const customerProfile = z.object({
  id: z.number().int(),
  phone: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  location: z.number().int().nullable(),
  image: z.string().nullable(),
});
export type CustomerProfile = z.infer<typeof customerProfile>;

/** Profile update: both trimmed, both required (the profile modal enables Continue only then). */
export const updateCustomerRequest = z.object({
  username: z.string().trim().min(1, 'username is required').max(120),
  email: z.string().trim().max(254).pipe(z.email('email is not a valid address')),
  address: z.string().trim().max(300).optional(),
  location: dbId.optional(),
});
export type UpdateCustomerRequest = z.infer<typeof updateCustomerRequest>;

export const customerIdParams = z.object({ id: dbIdText });

export const staffCredentials = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('email is not a valid address')),
  password: z.string().min(1, 'password is required').max(200),
});
export type StaffCredentials = z.infer<typeof staffCredentials>;

/** What a staff sign-in returns about the person: role flags, location, stock ordering settings. */
export const staffUserData = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_stock_user: z.boolean(),
  is_stock_admin: z.boolean(),
  is_super_admin: z.boolean(),
  is_operator: z.boolean(),
  /** A kitchen account: bound to one location, sees its kitchen screen (docs/kitchen.md). */
  is_kitchen: z.boolean(),
  kitchaco__id: z.number().int().nullable(),
  kitchaco__location: z.string().nullable(),
  delivery_day: z.string().nullable(),
  min_stock_order: z.number().nullable(),
  min_stock_delivery_charge: z.number().nullable(),
  /**
   * Signed in with a temporary password (a new account, or one reset by a super admin): every
   * other call is refused until `change_password`. Absent on older servers' answers.
   */
  must_change_password: z.boolean().optional(),
});
export type StaffUserData = z.infer<typeof staffUserData>;

export const staffLoginResponse = z.object({
  success: z.literal(true),
  data: staffUserData,
  /** Send as `Authorization: Token <token>` instead of the password on later calls. */
  token: z.string(),
});
export type StaffLoginResponse = z.infer<typeof staffLoginResponse>;

/** The spec's failure shape for query_type calls. */
export const failureResponse = z.object({
  success: z.literal(false),
  error: z.string(),
  /** A stable machine-readable code (invalid, unauthorized, rule_failed, ...). */
  code: z.string().optional(),
  error_code: z.number().int().optional(),
  field: z.string().optional(),
});
export type FailureResponse = z.infer<typeof failureResponse>;

/** login-facebook: a Facebook user access token from the app's Facebook Login. */
export const loginFacebookRequest = z.object({
  access_token: z
    .string({ error: 'access_token is required' })
    .trim()
    .min(8, 'access_token is required')
    .max(4096),
});
export type LoginFacebookRequest = z.infer<typeof loginFacebookRequest>;
