import {
  adminHealthResponse,
  adminOutboxResponse,
  adminProviderCheckResponse,
  retryOutboxResponse,
} from '@kitchaco/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config, SquareConfig } from '../../config.js';
import { auditLog, providerStatus } from '../../db/schema/index.js';
import { type FakeTwilio, startFakeTwilio } from '../../fakes/twilio.js';
import { DeliveryError } from '../../integrations/delivery-error.js';
import { createTestApp, secondInstance, type TestApp } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { clientCalls } from '../../test/calls.js';
import { createLocation } from '../../test/factories.js';
import { mappedStore } from '../../test/marketplaces.js';
import { kitchenDisplays } from '../kitchen/kitchen-displays.js';
import { deliverDueMessages, queueSealedSms } from '../notifications/outbox.service.js';
import { providerCheckTargets } from './health.queries.js';
import {
  createProviderRecorder,
  recordedAdapters,
  SUCCESS_WRITE_EVERY_MS,
  scrubErrorText,
} from './provider-status.js';

/**
 * The super admins' health page (docs/operations.md, "Health page"): its calls' access and shape,
 * a failing SMS provider seen through the real outbox worker and Twilio adapter (against the fake
 * of Twilio answering 401 as Twilio documents), the retry of a failed message, the throttle of the
 * provider status writes, and kitchen displays counted across two instances on one database.
 */
let t: TestApp;
let twilio: FakeTwilio;
let admin: string;
let operator: string;
const calls = clientCalls(() => t.app);
const PHONE = '+61412345678';

beforeAll(async () => {
  twilio = await startFakeTwilio();
  t = await createTestApp({
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: 'not-the-token',
    TWILIO_FROM: '+61400000001',
    TWILIO_API_URL: twilio.url,
    OUTBOX_MAX_ATTEMPTS: '1',
  });
  admin = (await tokenFor(t.database.db, 'super_admin')).token;
  operator = (await tokenFor(t.database.db, 'operator', (await createLocation(t.database.db)).id)).token;
});
afterAll(async () => {
  await t.close();
  await twilio.close();
});

const health = async () => {
  const res = await calls.adminData(admin, { query_type: 'admin_health' });
  expect(res.statusCode).toBe(200);
  return adminHealthResponse.parse(res.json());
};

describe('access', () => {
  it.each(['admin_health', 'admin_outbox', 'admin_outbox_retry', 'admin_provider_check'])(
    '%s is for super admins only',
    async (queryType) => {
      const payload = { query_type: queryType, id: 1 };
      expect((await calls.adminData(operator, payload)).statusCode).toBe(403);
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/admin-data/', payload });
      expect(anonymous.statusCode).toBe(401);
    },
  );

  it('names the field of a bad filter', async () => {
    const res = await calls.adminData(admin, { query_type: 'admin_outbox', channel: 'fax' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('channel');
  });
});

describe('the go-live check from the health page', () => {
  it('answers one line per provider: Twilio refused with the wrong token, the demo stand-ins not configured', async () => {
    const res = await calls.adminData(admin, { query_type: 'admin_provider_check' });
    expect(res.statusCode).toBe(200);
    const body = adminProviderCheckResponse.parse(res.json());
    expect(body.ready).toBe(false);
    expect(body.providers.map((p) => [p.provider, p.status])).toEqual([
      ['square', 'not_configured'],
      ['uber_eats', 'not_configured'],
      ['doordash', 'not_configured'],
      ['deliveroo', 'not_configured'],
      ['twilio', 'problem'],
      ['email', 'not_configured'],
      ['facebook', 'not_configured'],
    ]);
    expect(body.providers.find((p) => p.provider === 'twilio')!.detail).toBe(
      'Twilio answered 401 (20003): TWILIO_ACCOUNT_SID or TWILIO_AUTH_TOKEN is refused; copy both from the Twilio Console (the live credentials: test credentials cannot read the account)',
    );
    expect(body.providers.find((p) => p.provider === 'deliveroo')!.detail).toBe(
      "the demo's credentials: the demo's stand-in answers, not Deliveroo",
    );
    // Nothing was sent: the check reads the account, never creates a message.
    expect(twilio.creates).toHaveLength(0);
  });

  it("asks about the mapped Uber Eats and DoorDash stores and the pickup locations' own Square locations", async () => {
    const db = t.database.db;
    await mappedStore(db, 'uber_eats', 'ue-check-1', 'Burger Co', []);
    await mappedStore(db, 'deliveroo', 'dr-check-1', 'Taco Co', []);
    await createLocation(db, { name: 'Preston', squareLocationId: 'LPRESTON1' });
    await createLocation(db, { name: 'Closed', squareLocationId: 'LCLOSED1', isActive: false });
    const targets = await providerCheckTargets(db);
    expect(targets.stores).toContainEqual({
      channel: 'uber_eats',
      storeId: 'ue-check-1',
      location: 'Reservoir',
      brand: 'Burger Co',
    });
    expect(targets.stores.map((s) => s.storeId)).not.toContain('dr-check-1');
    expect(targets.squareLocations).toEqual([{ location: 'Preston', squareLocationId: 'LPRESTON1' }]);
  });
});

describe('a failing SMS provider', () => {
  it('shows Twilio failing, the failed SMS masked, and retries it once, audited', async () => {
    const before = await health();
    expect(before.providers.find((p) => p.provider === 'twilio')).toMatchObject({
      state: 'never_used',
      mode: 'Twilio',
    });
    expect(before.providers.find((p) => p.provider === 'square')?.state).toBe('not_configured');

    const id = await queueSealedSms(
      t.database.db,
      t.app.appContext.config.secret,
      t.clock.now(),
      PHONE,
      'Your code is 1234',
    );
    await deliverDueMessages(t.app.appContext);
    await t.app.appContext.providers.flush();

    const after = await health();
    const twilioHealth = after.providers.find((p) => p.provider === 'twilio')!;
    expect(twilioHealth.state).toBe('failing');
    expect(twilioHealth.last_error).toMatch(/^Twilio 20003/);
    expect(after.headline.find((l) => l.area === 'sms')).toMatchObject({ level: 'failing' });
    expect(after.headline.map((l) => l.area)).toEqual([
      'sms',
      'email',
      'marketplaces',
      'payments',
      'kitchens',
    ]);
    const sms = after.outbox.find((c) => c.channel === 'sms')!;
    expect(sms).toMatchObject({
      failed_24h: 1,
      waiting: 0,
      last_error: { message_id: id, status: 'failed' },
    });

    const list = adminOutboxResponse.parse(
      (await calls.adminData(admin, { query_type: 'admin_outbox', channel: 'sms', status: 'failed' })).json(),
    );
    const shown = list.messages.find((m) => m.id === id)!;
    expect(shown).toMatchObject({ to: '•••• 678', subject: null, status: 'failed', attempts: 1 });
    // Neither the number nor the (sealed) code leaves the server.
    expect(JSON.stringify(list)).not.toContain('12345678');
    expect(JSON.stringify(list)).not.toContain('1234"');

    const retried = await calls.adminData(admin, { query_type: 'admin_outbox_retry', id });
    expect(retried.statusCode).toBe(200);
    expect(retryOutboxResponse.parse(retried.json()).message).toMatchObject({
      id,
      status: 'pending',
      attempts: 0,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'outbox.retry'), eq(auditLog.entityId, String(id))));
    expect(audit).toBeDefined();
    // Only a failed message can be put back; an unknown one is a 404.
    expect((await calls.adminData(admin, { query_type: 'admin_outbox_retry', id })).statusCode).toBe(409);
    expect((await calls.adminData(admin, { query_type: 'admin_outbox_retry', id: 999_999 })).statusCode).toBe(
      404,
    );
  });
});

describe('provider status writes', () => {
  const row = async () =>
    (await t.database.db.select().from(providerStatus).where(eq(providerStatus.provider, 'twilio')))[0]!;

  it('writes a success at most every 30 s, at once after an error, and keeps the newest held error', async () => {
    const recorder = t.app.appContext.providers;
    await recorder.success('twilio');
    const first = (await row()).lastSuccessAt!;
    expect(first.getTime()).toBe(t.clock.now().getTime());

    t.clock.advance(10_000);
    await recorder.success('twilio');
    expect((await row()).lastSuccessAt).toEqual(first);

    t.clock.advance(1_000);
    await recorder.failure('twilio', new Error('Twilio answered 500'));
    // A second error within the second is held, then written as the newest.
    t.clock.advance(200);
    await recorder.failure('twilio', new Error("The 'To' number +61 412 345 678 is not valid"));
    expect((await row()).lastError).toBe('Twilio answered 500');
    await recorder.flush();
    expect((await row()).lastError).toBe("The 'To' number [number] is not valid");

    t.clock.advance(1_000);
    await recorder.success('twilio');
    expect((await row()).lastSuccessAt!.getTime()).toBe(t.clock.now().getTime());
    expect((await health()).providers.find((p) => p.provider === 'twilio')?.state).toBe('ok');

    const written = (await row()).lastSuccessAt!.getTime();
    t.clock.advance(SUCCESS_WRITE_EVERY_MS - 1);
    await recorder.success('twilio');
    expect((await row()).lastSuccessAt!.getTime()).toBe(written);
    t.clock.advance(1);
    await recorder.success('twilio');
    expect((await row()).lastSuccessAt!.getTime()).toBe(written + SUCCESS_WRITE_EVERY_MS);
  });

  it('never records a provider the settings do not configure', async () => {
    await t.app.appContext.providers.failure('square', new Error('no'));
    const rows = await t.database.db
      .select()
      .from(providerStatus)
      .where(eq(providerStatus.provider, 'square'));
    expect(rows).toEqual([]);
  });

  it('scrubs numbers, addresses and tokens from error text', () => {
    expect(scrubErrorText('to +61 400 000 000 for jo@example.com with Bearer abc.def')).toBe(
      'to [number] for [email] with Bearer [hidden]',
    );
  });
});

describe('recorded adapters', () => {
  it("records the card provider's calls: an answer is a success, a throw a failure; an SMS refused for its recipient is Twilio working", async () => {
    const app = t.app.appContext;
    const config = {
      ...app.config,
      payments: { provider: 'square', square: { environment: 'sandbox' } as SquareConfig },
    } as Config;
    const recorder = createProviderRecorder({ config, db: t.database.db, clock: t.clock, log: app.log });
    let answer: 'declined' | 'throw' = 'declined';
    const payments = {
      ...app.adapters.payments,
      authorize: async () => {
        if (answer === 'throw') throw new Error('Square did not answer within 10 s');
        return { kind: 'declined', code: 'GENERIC_DECLINE', detail: 'declined' } as never;
      },
    };
    const sms = {
      name: 'twilio',
      send: async () => {
        throw new DeliveryError(
          'permanent',
          "Twilio 21211: The 'To' number 0412 345 678 is not a valid phone number.",
        );
      },
    };
    const recorded = recordedAdapters({ ...app.adapters, payments, sms }, recorder, config);
    const square = async () =>
      (await t.database.db.select().from(providerStatus).where(eq(providerStatus.provider, 'square')))[0];

    t.clock.advance(60_000);
    await recorded.payments.authorize({} as never);
    await recorder.flush();
    expect((await square())?.lastSuccessAt?.getTime()).toBe(t.clock.now().getTime());

    t.clock.advance(5_000);
    answer = 'throw';
    await expect(recorded.payments.authorize({} as never)).rejects.toThrow('did not answer');
    await expect.poll(async () => (await square())?.lastError).toBe('Square did not answer within 10 s');

    const twilioBefore = (
      await t.database.db.select().from(providerStatus).where(eq(providerStatus.provider, 'twilio'))
    )[0]!;
    await expect(recorded.sms.send({ to: PHONE, body: 'x' })).rejects.toThrow('21211');
    await recorder.flush();
    const twilioAfter = (
      await t.database.db.select().from(providerStatus).where(eq(providerStatus.provider, 'twilio'))
    )[0]!;
    // The recipient's refusal leaves Twilio's last error as it was.
    expect(twilioAfter.lastErrorAt).toEqual(twilioBefore.lastErrorAt);
  });
});

describe('kitchen displays', () => {
  it('counts the displays open on every instance, and not those of a dead one', async () => {
    const location = await createLocation(t.database.db, { name: 'Aaa Display Test' });
    const kitchen = (await tokenFor(t.database.db, 'kitchen', location.id)).token;
    const other = await secondInstance(t);
    const aborts: AbortController[] = [];
    const open = async (app: FastifyInstance) => {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const abort = new AbortController();
      aborts.push(abort);
      const res = await fetch(`${address}/api/v1/kitchen/events/`, {
        headers: { authorization: `Token ${kitchen}` },
        signal: abort.signal,
      });
      const reader = res.body!.getReader();
      let text = '';
      while (!text.includes('event: hello')) text += new TextDecoder().decode((await reader.read()).value);
      return abort;
    };
    const displaysAt = async () =>
      (await health()).kitchen_displays.locations.find((l) => l.kitchaco === location.id)!.open;
    try {
      await open(t.app);
      const second = await open(other);
      expect(await displaysAt()).toBe(2);
      expect((await health()).kitchen_displays.total).toBe(2);

      second.abort();
      await expect.poll(displaysAt).toBe(1);

      // Not heard from for 90 s: the instance died. Its heartbeat brings it back.
      t.clock.advance(91_000);
      expect(await displaysAt()).toBe(0);
      expect((await health()).headline.find((l) => l.area === 'kitchens')?.level).toBe('attention');
      await kitchenDisplays(t.app.appContext).heartbeat();
      expect(await displaysAt()).toBe(1);
    } finally {
      for (const abort of aborts) abort.abort();
      await other.close();
    }
  });
});
