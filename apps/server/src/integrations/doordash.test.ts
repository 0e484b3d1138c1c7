import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeDoordash, startFakeDoordash } from '../fakes/doordash.js';
import {
  DOORDASH_JWT_HEADER,
  type DoordashClient,
  doordashClient,
  doordashJwt,
  doordashWebhookAuthorized,
} from './doordash.js';

const TOKEN = 'a-webhook-token-of-32-characters';

describe('DoorDash webhook authentication (Authorization: Bearer <token>, or the token as typed)', () => {
  it.each([
    [`Bearer ${TOKEN}`, true],
    [`bearer ${TOKEN}`, true],
    [`Bearer ${TOKEN} `, true],
    [`Bearer ${TOKEN}x`, false],
    [`Bearer ${TOKEN.slice(0, -1)}`, false],
    [`Bearer ${TOKEN.toUpperCase()}`, false],
    // The portal's one "Auth token" field, sent as typed.
    [TOKEN, true],
    [` ${TOKEN} `, true],
    [`${TOKEN}x`, false],
    [`${TOKEN} ${TOKEN}`, false],
    [`Basic ${TOKEN}`, false],
    ['Bearer ', false],
    ['', false],
  ])('%j: %s', (header, accepted) => {
    expect(doordashWebhookAuthorized(header, TOKEN)).toBe(accepted);
  });

  it('refuses a missing or repeated header', () => {
    expect(doordashWebhookAuthorized(undefined, TOKEN)).toBe(false);
    expect(doordashWebhookAuthorized([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`], TOKEN)).toBe(false);
  });
});

/** The access key of https://github.com/infin8x/make-doordash-jwt's README (a published example). */
const EXAMPLE_KEY = {
  developerId: '14e84291-d900-4c20-8528-ed6ca8de660f',
  keyId: 'd4e87d9c-432b-4ab4-b06f-254ce7a1ef30',
  signingSecret: 'xVu_RIEHqVw0ISBOqklCrKTIrlxX47TiexoJIY8_naw',
};

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;

describe('DoorDash JWT', () => {
  it('has the documented header and claims, signed with the decoded secret', () => {
    // iat of the claims example at https://developer.doordash.com/en-US/docs/marketplace/how_to/JWTs/
    const jwt = doordashJwt(EXAMPLE_KEY, new Date(1_636_463_841_000));
    const [header = '', claims = '', signature = ''] = jwt.split('.');
    expect(decode(header)).toEqual({ alg: 'HS256', typ: 'JWT', 'dd-ver': 'DD-JWT-V1' });
    expect(decode(claims)).toEqual({
      aud: 'doordash',
      iss: EXAMPLE_KEY.developerId,
      kid: EXAMPLE_KEY.keyId,
      iat: 1_636_463_841,
      exp: 1_636_463_841 + 300,
    });
    // DoorDash's Node sample decodes the secret with Buffer.from(secret, 'base64').
    const key = Buffer.from(EXAMPLE_KEY.signingSecret, 'base64');
    expect(key).toHaveLength(32);
    expect(signature).toBe(createHmac('sha256', key).update(`${header}.${claims}`).digest('base64url'));
    expect(DOORDASH_JWT_HEADER['dd-ver']).toBe('DD-JWT-V1');
  });

  it('never lives longer than DoorDash allows', () => {
    expect(() => doordashJwt(EXAMPLE_KEY, new Date(), 1801)).toThrow(RangeError);
    expect(() => doordashJwt(EXAMPLE_KEY, new Date(), 0)).toThrow(RangeError);
    const claims = decode(doordashJwt(EXAMPLE_KEY, new Date(), 1800).split('.')[1]!) as {
      iat: number;
      exp: number;
    };
    expect(claims.exp - claims.iat).toBe(1800);
  });
});

describe('DoorDash order confirmation against the fake', () => {
  let fake: FakeDoordash;
  const clients: DoordashClient[] = [];
  const client = (overrides: Partial<Parameters<typeof doordashClient>[0]> = {}) => {
    const made = doordashClient({
      apiUrl: fake.url,
      developerId: fake.developerId,
      keyId: fake.keyId,
      signingSecret: fake.signingSecret,
      timeoutMs: 2000,
      ...overrides,
    });
    clients.push(made);
    return made;
  };

  beforeEach(async () => {
    fake = await startFakeDoordash();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await fake.close();
  });

  it('confirms an order: PATCH with the JWT, auth-version v2 and the documented body', async () => {
    const outcome = await client().confirmOrder('cd268e73-824a-4a23-8730-02c41eb6393a', {
      orderStatus: 'success',
      merchantSuppliedId: '4711',
      prepTime: new Date('2026-11-18T01:45:00.000Z'),
      pickupInstructions: 'Counter at the back',
    });
    expect(outcome).toEqual({ outcome: 'accepted', status: 202 });
    expect(fake.confirmations).toEqual([
      {
        orderId: 'cd268e73-824a-4a23-8730-02c41eb6393a',
        body: {
          merchant_supplied_id: '4711',
          order_status: 'success',
          prep_time: '2026-11-18T01:45:00.000Z',
          pickup_instructions: 'Counter at the back',
        },
      },
    ]);
    const [sent] = fake.requests;
    expect(sent).toMatchObject({
      method: 'PATCH',
      path: '/marketplace/api/v1/orders/cd268e73-824a-4a23-8730-02c41eb6393a',
    });
    expect(sent!.headers['auth-version']).toBe('v2');
    expect(sent!.headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('fails an order with its reason and errors', async () => {
    const outcome = await client().confirmOrder('dd-2', {
      orderStatus: 'fail',
      merchantSuppliedId: 'none',
      failureReason: 'Salad Plate is currently unavailable',
      errors: [
        { code: 'ITEM_OUT_OF_STOCK', merchant_supplied_id: 'item_salad_plate', message: 'Out of stock' },
      ],
    });
    expect(outcome.outcome).toBe('accepted');
    expect(fake.confirmations[0]!.body).toEqual({
      merchant_supplied_id: 'none',
      order_status: 'fail',
      failure_reason: 'Salad Plate is currently unavailable',
      errors: [
        { code: 'ITEM_OUT_OF_STOCK', merchant_supplied_id: 'item_salad_plate', message: 'Out of stock' },
      ],
    });
  });

  it('is unauthorized with a wrong signing secret (401)', async () => {
    const wrong = Buffer.from('another-signing-secret-of-32-byt').toString('base64url');
    const outcome = await client({ signingSecret: wrong }).confirmOrder('dd-3', {
      orderStatus: 'success',
      merchantSuppliedId: '1',
    });
    expect(outcome).toMatchObject({ outcome: 'unauthorized', status: 401 });
    expect(outcome.outcome === 'unauthorized' && outcome.detail).toContain('signature');
    expect(fake.confirmations).toEqual([]);
  });

  it('is unauthorized with an expired token or another key id (401)', async () => {
    const hourAgo = () => new Date(Date.now() - 3_600_000);
    const expired = await client({ now: hourAgo }).confirmOrder('dd-4', {
      orderStatus: 'success',
      merchantSuppliedId: '1',
    });
    expect(expired.outcome === 'unauthorized' && expired.detail).toContain('expired');
    const otherKey = await client({ keyId: 'another-key' }).confirmOrder('dd-4', {
      orderStatus: 'success',
      merchantSuppliedId: '1',
    });
    expect(otherKey.outcome === 'unauthorized' && otherKey.detail).toContain('key id');
    const future = await client({ now: () => new Date(Date.now() + 600_000) }).confirmOrder('dd-4', {
      orderStatus: 'success',
      merchantSuppliedId: '1',
    });
    expect(future.outcome === 'unauthorized' && future.detail).toContain('future');
    expect(fake.confirmations).toEqual([]);
  });

  it('is rate limited on 429, with Retry-After', async () => {
    fake.failNext('rate_limited', { retryAfterSeconds: 7 });
    const outcome = await client().confirmOrder('dd-5', { orderStatus: 'success', merchantSuppliedId: '1' });
    expect(outcome).toEqual({ outcome: 'rate_limited', status: 429, retryAfterSeconds: 7 });
  });

  it.each([
    ['server_error', 500],
    ['unavailable', 503],
  ] as const)('is unavailable on %s (%d), then confirms when tried again', async (failure, status) => {
    fake.failNext(failure);
    const doordash = client();
    const first = await doordash.confirmOrder('dd-6', { orderStatus: 'success', merchantSuppliedId: '1' });
    expect(first).toMatchObject({ outcome: 'unavailable', status });
    const again = await doordash.confirmOrder('dd-6', { orderStatus: 'success', merchantSuppliedId: '1' });
    expect(again.outcome).toBe('accepted');
    expect(fake.confirmations).toHaveLength(1);
  });

  it('times out when DoorDash does not answer in time', async () => {
    fake.failNext('timeout');
    const started = Date.now();
    const outcome = await client({ timeoutMs: 200 }).confirmOrder('dd-7', {
      orderStatus: 'success',
      merchantSuppliedId: '1',
    });
    expect(outcome.outcome).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('is unreachable when nothing listens', async () => {
    const url = fake.url;
    await fake.close();
    const outcome = await client({ apiUrl: url }).confirmOrder('dd-8', {
      orderStatus: 'success',
      merchantSuppliedId: '1',
    });
    expect(outcome.outcome).toBe('unreachable');
  });

  it('is refused (400) for a body DoorDash would not take', async () => {
    const outcome = await client().confirmOrder('dd-9', { orderStatus: 'success', merchantSuppliedId: '' });
    expect(outcome).toMatchObject({ outcome: 'refused', status: 400 });
  });

  it('never sends pickup instructions longer than DoorDash takes (128 characters)', async () => {
    await expect(
      client().confirmOrder('dd-10', {
        orderStatus: 'success',
        merchantSuppliedId: '1',
        pickupInstructions: 'x'.repeat(129),
      }),
    ).rejects.toThrow(RangeError);
    expect(fake.requests).toEqual([]);
  });
});
