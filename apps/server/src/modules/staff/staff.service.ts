import {
  type AddLocationRequest,
  type AddStaffAccountRequest,
  type ChangePasswordRequest,
  DEMO_PASSWORD,
  type KitchacoLocation,
  LOCATION_ROLES,
  MIN_STAFF_PASSWORD_LENGTH,
  type StaffAccount,
  type StaffAccountWithPassword,
  type StaffRoleName,
  toFixedString,
  toMills,
  type UpdateStaffAccountRequest,
} from '@kitchaco/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Actor, StaffActor } from '../../http/actor.js';
import { conflict, invalid, notFound, unauthorized } from '../../http/errors.js';
import { announceCatalogChange, changeCatalog } from '../../lib/catalog-cache.js';
import { changedFields, recordAudit } from '../audit/audit.record.js';
import { checkStaffPassword, endStaffSessions, startStaffSession } from '../auth/auth.service.js';
import { hashPassword, newReadablePassword } from '../auth/secrets.js';
import { presentLocation } from '../locations/locations.presenter.js';
import { presentAccount, roleFlags, roleOf } from './staff.presenter.js';
import * as q from './staff.queries.js';

/** What the first-run set-up has of an app: no caches, no sessions, no request. */
type SetupContext = Pick<AppContext, 'db' | 'clock'>;

export const EMAIL_TAKEN = 'A staff account with this email already exists.';
export const ALREADY_SET_UP =
  'Kitchaco is already set up: add staff and locations on the Staff & locations screen (/admin-staff).';
const NO_ACCOUNT = 'No such staff account.';

/** An account with a role, as shown; one without (older data) must be given one first. */
function shown(row: q.AccountRow): StaffAccount {
  const account = presentAccount(row);
  if (!account)
    throw invalid("role: the account has no role yet; give it one (update_staff_account's role).", 'role');
  return account;
}

function staffOf(actor: Actor): StaffActor {
  if (actor.kind !== 'staff') throw unauthorized('Please sign in again.');
  return actor.user;
}

/** Refuses a password a staff account may not choose (too short, or the demo's published one). */
export function checkNewPassword(password: string, field = 'new_password'): void {
  if (password.length < MIN_STAFF_PASSWORD_LENGTH) {
    throw invalid(`${field} must have at least ${MIN_STAFF_PASSWORD_LENGTH} characters`, field);
  }
  if (password === DEMO_PASSWORD) throw invalid(`${field}: the demo's password is published`, field);
}

/**
 * Where an account of the role belongs: operators, kitchen staff and stock users to one active
 * location (`kitchaco`), super admins and stock admins to none; an external operator must exist.
 */
async function checkPlace(
  tx: DbOrTx,
  role: StaffRoleName,
  kitchaco: number | null,
  externalOperatorId: number | null,
): Promise<void> {
  if (LOCATION_ROLES.includes(role)) {
    if (kitchaco === null) {
      throw invalid(`kitchaco: a ${role} account belongs to one location; choose it (kitchaco).`, 'kitchaco');
    }
    if (!(await q.activeLocationExists(tx, kitchaco))) {
      throw notFound(`kitchaco: location ${kitchaco} does not exist or is not active.`);
    }
  } else if (kitchaco !== null) {
    throw invalid(`kitchaco: a ${role} account works across locations; leave kitchaco empty.`, 'kitchaco');
  }
  if (externalOperatorId !== null && !(await q.externalOperatorExists(tx, externalOperatorId))) {
    throw notFound(`external_operator_id: external operator ${externalOperatorId} does not exist.`);
  }
}

/** Inserts an account by the rules, with its audit entry, in the caller's transaction. */
async function insertAccount(
  app: SetupContext,
  tx: DbOrTx,
  input: AddStaffAccountRequest,
  password: { hash: string; temporary: boolean },
): Promise<StaffAccount> {
  const kitchaco = input.kitchaco ?? null;
  const externalOperatorId = input.external_operator_id ?? null;
  await checkPlace(tx, input.role, kitchaco, externalOperatorId);
  if (await q.emailTaken(tx, input.email)) throw conflict(EMAIL_TAKEN);
  const id = await q.insertAccount(tx, {
    email: input.email,
    passwordHash: password.hash,
    firstName: input.first_name,
    lastName: input.last_name,
    ...roleFlags(input.role),
    locationId: kitchaco,
    externalOperatorId,
    mustChangePassword: password.temporary,
    createdAt: app.clock.now(),
  });
  if (id === null) throw conflict(EMAIL_TAKEN);
  const account = shown((await q.findAccount(tx, id))!);
  await recordAudit(tx, {
    entityId: id,
    locationId: kitchaco,
    summary: `Staff account ${account.email} added (${input.role})`,
    before: null,
    // The presented account: never the hash, never the password.
    after: account,
  });
  return account;
}

/** `staff_accounts`: every account, and the locations and external operators to choose from. */
export async function staffAccounts(app: Pick<AppContext, 'db'>) {
  const [accounts, locations, externalOperators] = await Promise.all([
    q.listAccounts(app.db),
    q.listLocationChoices(app.db),
    q.listExternalOperators(app.db),
  ]);
  return {
    success: true as const,
    accounts: accounts.map(presentAccount).filter((a) => a !== null),
    locations,
    external_operators: externalOperators,
  };
}

/** `add_staff_account`: a new account with a random temporary password, answered once. */
export async function addStaffAccount(
  app: SetupContext,
  input: AddStaffAccountRequest,
): Promise<StaffAccountWithPassword> {
  const temporary = newReadablePassword();
  const hash = await hashPassword(temporary);
  const account = await app.db.transaction((tx) => insertAccount(app, tx, input, { hash, temporary: true }));
  return { success: true, account, temporary_password: temporary };
}

/**
 * `update_staff_account`: the fields given change. A role change moves the account's location
 * with it (a super admin or stock admin has none); disabling ends its sessions. A super admin
 * cannot disable or demote their own account (another super admin can), so one always remains.
 */
export async function updateStaffAccount(app: AppContext, actor: Actor, input: UpdateStaffAccountRequest) {
  const self = staffOf(actor);
  if (input.id === self.id && input.is_active === false) {
    throw conflict('You cannot disable your own account: another super admin can.');
  }
  if (input.id === self.id && input.role !== undefined && input.role !== 'super_admin') {
    throw conflict('You cannot take the super admin role from your own account: another super admin can.');
  }
  const account = await app.db.transaction(async (tx) => {
    if (!(await q.lockAccount(tx, input.id))) throw notFound(NO_ACCOUNT);
    const row = (await q.findAccount(tx, input.id))!;
    if (input.role === undefined) shown(row);
    const set: Parameters<typeof q.updateAccount>[2] = {};
    if (input.first_name !== undefined) set.firstName = input.first_name;
    if (input.last_name !== undefined) set.lastName = input.last_name;
    if (input.is_active !== undefined) set.isActive = input.is_active;
    if (
      input.role !== undefined ||
      input.kitchaco !== undefined ||
      input.external_operator_id !== undefined
    ) {
      const role = input.role ?? roleOf(row);
      if (role === null) throw invalid("role: choose the account's role", 'role');
      const kitchaco =
        input.kitchaco !== undefined ? input.kitchaco : LOCATION_ROLES.includes(role) ? row.locationId : null;
      const externalOperatorId =
        input.external_operator_id !== undefined ? input.external_operator_id : row.externalOperatorId;
      await checkPlace(tx, role, kitchaco, externalOperatorId);
      Object.assign(set, roleFlags(role), { locationId: kitchaco, externalOperatorId });
    }
    const disabling = input.is_active === false && row.isActive;
    await q.updateAccount(tx, input.id, set, disabling);
    if (disabling) await endStaffSessions(tx, input.id, app.clock.now());
    const updated = shown((await q.findAccount(tx, input.id))!);
    const change = changedFields(presentAccount(row) ?? {}, updated);
    if (Object.keys(change.after).length > 0) {
      await recordAudit(tx, {
        entityId: input.id,
        locationId: updated.kitchaco ?? row.locationId,
        summary: `Staff account ${updated.email}: ${Object.keys(change.after).join(', ')} changed`,
        ...change,
      });
    }
    return updated;
  });
  // This instance forgets the account's sessions at once; the others when the tables announce it.
  app.sessions.invalidate();
  return { success: true as const, account };
}

/** `reset_staff_password`: a new temporary password; the old one and every session stop working. */
export async function resetStaffPassword(app: AppContext, id: number): Promise<StaffAccountWithPassword> {
  const temporary = newReadablePassword();
  const hash = await hashPassword(temporary);
  const account = await app.db.transaction(async (tx) => {
    if (!(await q.lockAccount(tx, id))) throw notFound(NO_ACCOUNT);
    const before = (await q.findAccount(tx, id))!;
    shown(before);
    await q.setPassword(tx, id, hash, true);
    await endStaffSessions(tx, id, app.clock.now());
    await recordAudit(tx, {
      entityId: id,
      locationId: before.locationId,
      summary: `Staff account ${before.email}: temporary password given`,
      before: { must_change_password: before.mustChangePassword },
      after: { must_change_password: true },
    });
    return shown((await q.findAccount(tx, id))!);
  });
  app.sessions.invalidate();
  return { success: true, account, temporary_password: temporary };
}

/**
 * `change_password`: the signed-in account's own password, after its current one is checked (with
 * the sign-in's allowance of tries). Ends a temporary password and every session of the account;
 * answers a new session's token.
 */
export async function changePassword(app: AppContext, actor: Actor, input: ChangePasswordRequest) {
  const self = staffOf(actor);
  checkNewPassword(input.new_password);
  const row = await checkStaffPassword(app, { email: self.email, password: input.current_password });
  if (!row || row.user.id !== self.id) {
    throw invalid('The current password is not right.', 'current_password');
  }
  const hash = await hashPassword(input.new_password);
  const token = await app.db.transaction(async (tx) => {
    await q.setPassword(tx, self.id, hash, false);
    await endStaffSessions(tx, self.id, app.clock.now());
    await recordAudit(tx, {
      entityId: self.id,
      locationId: row.user.locationId,
      summary: `Staff account ${self.email}: password changed`,
      before: { must_change_password: row.user.mustChangePassword },
      after: { must_change_password: false },
    });
    return startStaffSession(app, tx, self.id);
  });
  app.sessions.invalidate();
  return { success: true as const, token };
}

/** Inserts a location by the rules, with its audit entry, in the caller's transaction. */
async function insertLocation(tx: DbOrTx, input: AddLocationRequest): Promise<KitchacoLocation> {
  const externalOperatorId = input.external_operator_id ?? null;
  if (externalOperatorId !== null && !(await q.externalOperatorExists(tx, externalOperatorId))) {
    throw notFound(`external_operator_id: external operator ${externalOperatorId} does not exist.`);
  }
  const row = await q.insertLocation(tx, {
    name: input.name,
    address: input.address,
    suburb: input.suburb,
    lat: input.lat,
    lng: input.lng,
    timeZone: input.time_zone,
    openingHours: input.opening_hours,
    email: input.email ?? null,
    externalOperatorId,
    deliveryCharge: toFixedString(toMills(input.delivery_charge ?? '0')),
  });
  const location = presentLocation(row);
  await recordAudit(tx, {
    entityId: row.id,
    locationId: row.id,
    summary: `Location ${row.name} added`,
    before: null,
    after: {
      ...location,
      opening_hours: row.openingHours,
      email: row.email,
      external_operator_id: row.externalOperatorId,
    },
  });
  return location;
}

/** `add_location`: public location lists show it at once (the catalogue is told). */
export async function addLocation(app: Pick<AppContext, 'db' | 'catalog'>, input: AddLocationRequest) {
  const location = await changeCatalog(app, (tx) => insertLocation(tx, input));
  return { success: true as const, location };
}

export interface FirstRun {
  admin: Omit<AddStaffAccountRequest, 'role' | 'kitchaco' | 'external_operator_id'> & { password: string };
  locations: AddLocationRequest[];
}

/**
 * The first run of a production database (`npm run setup`, cli/setup.ts): the first super admin,
 * with the password they chose, and the business's locations, in one transaction, by the same
 * rules as the staff screen. Refused once any super admin exists.
 */
export async function setUpFirstRun(app: SetupContext, input: FirstRun) {
  checkNewPassword(input.admin.password, 'password');
  if (input.locations.length === 0) throw invalid('Add at least one location.', 'locations');
  const hash = await hashPassword(input.admin.password);
  return app.db.transaction(async (tx) => {
    // Two set-ups at once: the second waits, then finds the first's super admin.
    await q.lockFirstRun(tx);
    if (await q.superAdminExists(tx)) throw conflict(ALREADY_SET_UP);
    const locations: KitchacoLocation[] = [];
    for (const location of input.locations) locations.push(await insertLocation(tx, location));
    const admin = await insertAccount(
      app,
      tx,
      { ...input.admin, role: 'super_admin', kitchaco: null, external_operator_id: null },
      { hash, temporary: false },
    );
    await announceCatalogChange(tx);
    return { admin, locations };
  });
}

/** Whether the database is set up: a super admin exists (then `npm run setup` refuses). */
export function isSetUp(app: Pick<AppContext, 'db'>): Promise<boolean> {
  return q.superAdminExists(app.db);
}
