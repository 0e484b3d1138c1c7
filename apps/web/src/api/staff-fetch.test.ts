import { type StaffUserData, staffCalls } from '@kitchaco/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffSession } from '../lib/session/staff-session';
import { ApiError } from './api-error';
import { PASSWORD_CHANGE_REQUIRED, staffCall } from './staff-fetch';

const data: StaffUserData = {
  id: 7,
  email: 'kitchen@demo.test',
  first_name: 'Kim',
  last_name: 'Cook',
  is_stock_user: false,
  is_stock_admin: false,
  is_super_admin: false,
  is_operator: false,
  is_kitchen: true,
  kitchaco__id: 1,
  kitchaco__location: 'Reservoir',
  delivery_day: null,
  min_stock_order: null,
  min_stock_delivery_charge: null,
};

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

beforeEach(() => {
  const items = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => items.set(k, v),
      removeItem: (k: string) => items.delete(k),
    },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('a temporary password', () => {
  it('is kept from the sign-in, and ends with the new token of change_password', () => {
    staffSession.save('t1', { ...data, must_change_password: true });
    expect(staffSession.get()).toMatchObject({ token: 't1', mustChangePassword: true });
    staffSession.passwordChanged('t2');
    expect(staffSession.get()).toMatchObject({ token: 't2', mustChangePassword: false });
  });

  it('is noted in the session when any call is refused for it', async () => {
    staffSession.save('t1', data);
    expect(staffSession.get()?.mustChangePassword).toBe(false);
    answer(403, { success: false, error: PASSWORD_CHANGE_REQUIRED, code: 'forbidden' });
    await expect(staffCall(staffCalls.staffAccounts, {})).rejects.toBeInstanceOf(ApiError);
    expect(staffSession.get()).toMatchObject({ token: 't1', mustChangePassword: true });
  });

  it('is not assumed from another refusal', async () => {
    staffSession.save('t1', data);
    answer(403, { success: false, error: 'You do not have access to this.' });
    await expect(staffCall(staffCalls.staffAccounts, {})).rejects.toThrow('You do not have access to this.');
    expect(staffSession.get()?.mustChangePassword).toBe(false);
  });
});
