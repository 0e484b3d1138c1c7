import {
  type CustomerProfile,
  type StaffRole,
  type StaffUserData,
  toAmount,
  toMills,
} from '@kitchaco/domain';
import type { customers } from '../../db/schema/index.js';
import type { StaffActor } from '../../http/actor.js';
import type { findStaffById } from './auth.queries.js';

type StaffRow = NonNullable<Awaited<ReturnType<typeof findStaffById>>>;

export function presentStaff(row: StaffRow): StaffUserData {
  const u = row.user;
  return {
    id: u.id,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    is_stock_user: u.isStockUser,
    is_stock_admin: u.isStockAdmin,
    is_super_admin: u.isSuperAdmin,
    is_operator: u.isOperator,
    is_kitchen: u.isKitchen,
    kitchaco__id: u.locationId,
    kitchaco__location: row.locationName ?? null,
    delivery_day: row.deliveryDays ? row.deliveryDays.join(',') : null,
    min_stock_order: row.minStockOrder === null ? null : toAmount(toMills(row.minStockOrder)),
    min_stock_delivery_charge:
      row.minStockDeliveryCharge === null ? null : toAmount(toMills(row.minStockDeliveryCharge)),
    must_change_password: u.mustChangePassword,
  };
}

export function toStaffActor(row: StaffRow): StaffActor {
  const u = row.user;
  const roles = new Set<StaffRole>();
  if (u.isStockUser) roles.add('stock_user');
  if (u.isOperator) roles.add('operator');
  if (u.isStockAdmin) roles.add('stock_admin');
  if (u.isSuperAdmin) roles.add('super_admin');
  if (u.isKitchen) roles.add('kitchen');
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    roles,
    locationId: u.locationId,
    externalOperatorId: u.externalOperatorId,
    mustChangePassword: u.mustChangePassword,
  };
}

export function presentCustomer(row: typeof customers.$inferSelect): CustomerProfile {
  return {
    id: row.id,
    phone: row.phone,
    username: row.username,
    email: row.email,
    address: row.address,
    location: row.locationId,
    image: row.image,
  };
}
