import type { StaffRole } from '@kitchaco/domain';

export interface StaffActor {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  roles: ReadonlySet<StaffRole>;
  locationId: number | null;
  externalOperatorId: number | null;
}

/** Who is making a request, as established by the authenticator. */
export type Actor =
  | { kind: 'anonymous' }
  | { kind: 'customer'; customerId: number; sessionId: number }
  | { kind: 'staff'; user: StaffActor; sessionId: number | null };

/** Who may make a call. Staff calls list the roles explicitly (the authorisation matrix reads them). */
export type Access =
  | { kind: 'public' }
  | { kind: 'customer' }
  | { kind: 'staff'; roles: readonly StaffRole[] }
  /** Only while the server runs in demo mode. */
  | { kind: 'demo' };

export const PUBLIC: Access = { kind: 'public' };
export const CUSTOMER: Access = { kind: 'customer' };
export const staff = (...roles: StaffRole[]): Access => ({ kind: 'staff', roles });

export function hasRole(actor: Actor, roles: readonly StaffRole[]): boolean {
  return actor.kind === 'staff' && roles.some((r) => actor.user.roles.has(r));
}
