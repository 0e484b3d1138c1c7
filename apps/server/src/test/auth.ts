import type { Db } from '../db/client.js';
import { sessions } from '../db/schema/index.js';
import { hashToken, newToken } from '../modules/auth/secrets.js';
import { createCustomer, createStaff, type Role } from './factories.js';

export type Caller = Role | 'customer' | 'anonymous';

/** A live session token for a fresh account of the role (no password round-trip). */
export async function tokenFor(
  db: Db,
  caller: Exclude<Caller, 'anonymous'>,
  locationId: number | null = null,
) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + 86_400_000 * 365 * 10);
  if (caller === 'customer') {
    const customer = await createCustomer(db);
    await db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), kind: 'customer', customerId: customer.id, expiresAt });
    return { token, id: customer.id };
  }
  const user = await createStaff(db, caller, { locationId });
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), kind: 'staff', staffUserId: user.id, expiresAt });
  return { token, id: user.id };
}
