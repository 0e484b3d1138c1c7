import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiosks } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { createLocation } from '../../test/factories.js';

let t: TestApp;
let admin: string;
let pairedId: number;
let newId: number;
let orphanId: number;

async function call(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin-data/',
    headers: { authorization: `Token ${admin}` },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const loc = await createLocation(db, { name: 'Reservoir', squareLocationId: 'LQ123' });
  const bare = await createLocation(db, { name: 'No Square' });
  const rows = await db
    .insert(kiosks)
    .values([
      {
        locationId: loc.id,
        username: 'reservoir-kiosk-1',
        phone: '+61412345678',
        squareTerminalDeviceCode: 'ABCDEF',
        squareTerminalDeviceId: '121CS0001',
      },
      { locationId: loc.id, username: 'reservoir-kiosk-2', phone: '+61498765432' },
      { locationId: bare.id, username: 'orphan-kiosk' },
    ])
    .returning();
  [pairedId, newId, orphanId] = rows.map((r) => r.id) as [number, number, number];
  admin = (await tokenFor(db, 'super_admin')).token;
});
afterAll(() => t.close());

describe('kiosks and card terminals', () => {
  it('lists kiosks per location with local phones and comma-separated terminal codes', async () => {
    const { body } = await call({ query_type: 'admin_get_all_kiosks' });
    const reservoir = body.kiosks.find((k: { location: string }) => k.location === 'Reservoir');
    expect(reservoir).toMatchObject({
      square_location_id: 'LQ123',
      square_terminal_device_code: 'ABCDEF,0',
      square_terminal_device_id: '121CS0001,0',
    });
    expect(reservoir.kiosk_details[0]).toMatchObject({
      id: pairedId,
      username: 'reservoir-kiosk-1',
      phone_local: '0412345678',
    });
  });

  it('issues a device code valid 5 minutes, then stops showing it', async () => {
    const { status, body } = await call({
      query_type: 'create_device_code',
      kiosk_id: newId,
      kiosk_name: 'Front counter',
    });
    expect(status).toBe(200);
    const data = JSON.parse(body.data);
    expect(data.device_code.code).toMatch(/^[A-Z]{6}$/);
    expect(new Date(data.device_code.pair_by).getTime() - t.clock.now().getTime()).toBe(5 * 60_000);
    const listed = (await call({ query_type: 'admin_get_all_kiosks' })).body.kiosks[0].kiosk_details[1];
    expect(listed.square_terminal_device_code).toBe(data.device_code.code);
    t.clock.advance(5 * 60_000 + 1);
    const later = (await call({ query_type: 'admin_get_all_kiosks' })).body.kiosks[0].kiosk_details[1];
    expect(later).toMatchObject({ square_terminal_device_code: '0', device_code_expires_at: null });
  });

  it('refuses an unknown kiosk and a location without a card provider id', async () => {
    expect((await call({ query_type: 'create_device_code', kiosk_id: 999_999 })).status).toBe(404);
    const orphan = await call({ query_type: 'create_device_code', kiosk_id: orphanId });
    expect(orphan.status).toBe(409);
    expect(orphan.body.error).toMatch(/no card provider location id/);
  });
});
