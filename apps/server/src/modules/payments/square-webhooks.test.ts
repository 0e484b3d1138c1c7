import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiosks, locations, payments } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import { createSquareTest, LOCATION_SQUARE_ID, type SquareTest } from '../../test/square.js';
import { pollWaitingCodes } from '../kiosks/kiosks.service.js';

/**
 * Square's webhooks (signed, delivered at least once) and card-terminal pairing, against the fake of
 * Square: `device.code.paired`, `payment.updated`, `refund.updated`, and polling when no webhook comes.
 */
let s: SquareTest;
let kioskId: number;
beforeAll(async () => {
  s = await createSquareTest();
  const [kiosk] = await s.db
    .insert(kiosks)
    .values({ locationId: s.location.id, username: 'front-kiosk', phone: '+61412345678' })
    .returning();
  kioskId = kiosk!.id;
});
afterAll(() => s.close());

const admin = (payload: object) =>
  s.t.app.inject({
    method: 'POST',
    url: '/api/v1/admin-data/',
    headers: { authorization: `Token ${s.admin.token}` },
    payload,
  });
const kioskRow = async () => (await s.db.select().from(kiosks).where(eq(kiosks.id, kioskId)))[0]!;
const listed = async () => {
  const res = await admin({ query_type: 'admin_get_all_kiosks' });
  const location = res.json().kiosks.find((k: { id: number }) => k.id === s.location.id);
  return location.kiosk_details.find((k: { id: number }) => k.id === kioskId);
};
async function newCode() {
  const res = await admin({
    query_type: 'create_device_code',
    kiosk_id: kioskId,
    kiosk_name: 'Front counter',
  });
  expect(res.statusCode).toBe(200);
  return JSON.parse(res.json().data).device_code as { id: string; code: string };
}

describe("Square's webhooks", () => {
  it('refuses a notification whose signature does not match the URL and body, changing nothing', async () => {
    const event = s.fake.event('device.code.paired', s.fake.pairDeviceCode((await newCode()).id));
    const wrong = await s.deliver(
      event,
      s.fake.sign('https://elsewhere.example/hook', JSON.stringify(event)),
    );
    expect(wrong.statusCode).toBe(401);
    const missing = await s.deliver(event, '');
    expect(missing.statusCode).toBe(401);
    expect((await kioskRow()).deviceCodeStatus).toBe('UNPAIRED');
  });

  it('device.code.paired pairs the kiosk with its terminal; the list says paired with the device id', async () => {
    const code = await newCode();
    expect((await listed()).terminal_status).toBe('waiting');
    expect(s.fake.deviceCodes.get(code.id)).toMatchObject({
      location_id: LOCATION_SQUARE_ID,
      name: 'Front counter',
    });
    const paired = s.fake.pairDeviceCode(code.id, '121CS0007XYZ');
    const event = s.fake.event('device.code.paired', paired);
    expect((await s.deliver(event)).json()).toEqual({ success: true, duplicate: false });
    expect((await s.deliver(event)).json()).toEqual({ success: true, duplicate: true });
    expect(await listed()).toMatchObject({
      terminal_status: 'paired',
      square_terminal_device_id: '121CS0007XYZ',
      paired_at: expect.any(String),
    });
  });

  it('without a webhook, asking Square for the code finds it paired, or expired', async () => {
    const code = await newCode();
    expect(await pollWaitingCodes(s.t.app.appContext)).toBe(0);
    s.fake.pairDeviceCode(code.id, '121CS0008ABC');
    expect(await pollWaitingCodes(s.t.app.appContext)).toBe(1);
    expect(await listed()).toMatchObject({
      terminal_status: 'paired',
      square_terminal_device_id: '121CS0008ABC',
    });

    const unused = await newCode();
    s.fake.expireDeviceCode(unused.id);
    await pollWaitingCodes(s.t.app.appContext);
    expect((await listed()).terminal_status).toBe('expired');
  });

  it("gives the admin Square's own reason when Square refuses a device code", async () => {
    await s.db
      .update(locations)
      .set({ squareLocationId: 'LNOTASQUARELOC' })
      .where(eq(locations.id, s.location.id));
    try {
      const res = await admin({ query_type: 'create_device_code', kiosk_id: kioskId });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatch(
        /^The card provider refused the device code: NOT_FOUND: Location .*not found/,
      );
    } finally {
      await s.db
        .update(locations)
        .set({ squareLocationId: LOCATION_SQUARE_ID })
        .where(eq(locations.id, s.location.id));
    }
  });

  it('payment.updated keeps our payment in step, forward only, and flags an order left unpaid', async () => {
    s.fake.failNext('server_error', { method: 'POST', path: /\/complete$/ });
    const placed = await s.place(randomUUID());
    const [row] = await s.db.select().from(payments).where(eq(payments.orderId, placed.json().order.id));
    expect(row!.status).toBe('APPROVED');
    const approved = structuredClone(s.fake.payments.get(row!.providerPaymentId!)!);
    const cancelled = await fetch(`${s.fake.url}/v2/payments/${row!.providerPaymentId}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.fake.accessToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(cancelled.status).toBe(200);
    const late = s.fake.event('payment.updated', s.fake.payments.get(row!.providerPaymentId!)!);
    expect((await s.deliver(late)).statusCode).toBe(200);
    // An older event arriving after it changes nothing back.
    expect((await s.deliver(s.fake.event('payment.updated', approved))).statusCode).toBe(200);
    const [after] = await s.db.select().from(payments).where(eq(payments.id, row!.id));
    expect(after).toMatchObject({ status: 'CANCELED', flag: expect.stringMatching(/not paid/) });
  });

  it('answers 503 naming the settings when Square webhooks are not configured (production)', async () => {
    const bare = await createTestApp({
      NODE_ENV: 'production',
      PROVIDER_ABN: '51 824 753 556',
      DEMO: 'false',
      APP_SECRET: 'p'.repeat(40),
      PAYMENTS_PROVIDER: 'test',
    });
    try {
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/v1/square/webhook/',
        headers: { 'content-type': 'application/json', 'x-square-hmacsha256-signature': 'x' },
        payload: JSON.stringify({ type: 'payment.updated', event_id: randomUUID() }),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatch(/SQUARE_WEBHOOK_SIGNATURE_KEY, SQUARE_WEBHOOK_URL/);
    } finally {
      await bare.close();
    }
  });
});

describe('the payments settings the checkout page loads', () => {
  it("names Square's application, the location's own Square location and the sandbox SDK", async () => {
    const res = await s.t.app.inject({
      method: 'GET',
      url: `/api/v1/payments/config/?kitchaco=${s.location.id}`,
    });
    expect(res.json()).toEqual({
      provider: 'square',
      environment: 'sandbox',
      application_id: 'sandbox-sq0idb-kitchaco-test',
      location_id: LOCATION_SQUARE_ID,
      sdk_url: 'https://sandbox.web.squarecdn.com/v1/square.js',
      currency: 'AUD',
      country: 'AU',
      test_mode: true,
    });
  });
});
