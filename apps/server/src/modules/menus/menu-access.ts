import type { MenuEditor } from '@kitchaco/domain';
import type { DbOrTx } from '../../db/client.js';
import type { Actor, StaffActor } from '../../http/actor.js';
import { forbidden, notFound } from '../../http/errors.js';
import * as q from './menus.queries.js';

export function staffOf(actor: Actor): StaffActor {
  if (actor.kind !== 'staff') throw forbidden('Staff only.');
  return actor.user;
}

export const isSuperAdmin = (user: StaffActor) => user.roles.has('super_admin');

/** An operator works on their own location only. */
export function ownLocation(user: StaffActor): number {
  if (user.locationId === null) throw forbidden('Your account is not linked to a location.');
  return user.locationId;
}

export function checkLocation(user: StaffActor, locationId: number) {
  if (!isSuperAdmin(user) && ownLocation(user) !== locationId) {
    throw forbidden('This brand is not at your location.');
  }
}

export async function mealFor(db: DbOrTx, user: StaffActor, mealId: number) {
  const found = await q.findMeal(db, mealId);
  if (!found) throw notFound(`Meal ${mealId} does not exist.`);
  checkLocation(user, found.locationId);
  return found;
}

/** How the menu's status rules see a staff account: a super admin, or an operator. */
export const editorOf = (user: StaffActor): MenuEditor => (isSuperAdmin(user) ? 'admin' : 'operator');
