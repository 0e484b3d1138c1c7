import type { StaffRole } from '@kitchaco/domain';

export interface StaffActor {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  roles: ReadonlySet<StaffRole>;
  locationId: number | null;
  externalOperatorId: number | null;
  /** Signed in with a temporary password: only `change_password` is open (http/register.ts). */
  mustChangePassword: boolean;
}

/** Who is making a request, as established by the authenticator. */
export type Actor =
  | { kind: 'anonymous' }
  | { kind: 'customer'; customerId: number; sessionId: number }
  | { kind: 'staff'; user: StaffActor; sessionId: number | null };

/** Who may make a call: declared with each call in packages/domain (wire/calls.ts). */
export type { Access } from '@kitchaco/domain';

export function hasRole(actor: Actor, roles: readonly StaffRole[]): boolean {
  return actor.kind === 'staff' && roles.some((r) => actor.user.roles.has(r));
}
