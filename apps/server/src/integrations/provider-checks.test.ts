import type { ProviderCheck } from '@kitchaco/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DOORDASH, loadConfig } from '../config.js';
import type { FakeDeliveroo } from '../fakes/deliveroo.js';
import type { FakeDoordash } from '../fakes/doordash.js';
import type { FakeSquare } from '../fakes/square.js';
import type { FakeTwilio } from '../fakes/twilio.js';
import { type FakeUberEats, startFakeUberEats } from '../fakes/uber-eats.js';
import { type ProviderFakes, startProviderFakes } from '../test/provider-fakes.js';
import { allReady, checkProviders, type ProviderCheckTargets } from './provider-checks.js';

/**
 * The go-live check against the fakes of each provider (src/fakes, built from the providers'
 * pages) and a local SMTP server (smtp-server, with a login): each reads only, and says what is
 * wrong in one sentence naming the setting to fix.
 */
let square: FakeSquare;
let uber: FakeUberEats;
let uberNoStoreScope: FakeUberEats;
let doordash: FakeDoordash;
let deliveroo: FakeDeliveroo;
let twilio: FakeTwilio;
let fakes: ProviderFakes;
let smtpPort: number;

const targets: ProviderCheckTargets = {
  stores: [
    { channel: 'uber_eats', storeId: 'ue-1-1', location: 'Reservoir', brand: 'Burger Co' },
    { channel: 'doordash', storeId: 'dd-1-1', location: 'Reservoir', brand: 'Burger Co' },
  ],
  squareLocations: [],
};

beforeAll(async () => {
  fakes = await startProviderFakes();
  ({ square, uber, doordash, deliveroo, twilio, smtpPort } = fakes);
  uberNoStoreScope = await startFakeUberEats({ scopes: ['eats.order'] });
});

afterAll(async () => {
  await Promise.all([fakes.close(), uberNoStoreScope.close()]);
});

/** Settings that point every provider at its fake, with `overrides` on top. */
function env(overrides: Record<string, string | undefined> = {}) {
  return { NODE_ENV: 'test', ...fakes.settings(overrides) } as NodeJS.ProcessEnv;
}

async function check(overrides: Record<string, string | undefined> = {}, given = targets) {
  const checks = await checkProviders(loadConfig(env(overrides)), given, { timeoutMs: 2_000 });
  return {
    checks,
    of: (provider: ProviderCheck['provider']) => checks.find((c) => c.provider === provider)!,
  };
}

describe('the go-live check against the fakes', () => {
  it('finds every provider ready with the right settings, reading only', async () => {
    const paymentsBefore = square.payments.size;
    const { checks } = await check();
    expect(checks.map((c) => [c.provider, c.status])).toEqual([
      ['square', 'ready'],
      ['uber_eats', 'ready'],
      ['doordash', 'ready'],
      ['deliveroo', 'ready'],
      ['twilio', 'ready'],
      ['email', 'ready'],
      ['facebook', 'ready'],
    ]);
    expect(allReady(checks)).toBe(true);
    expect(checks[0]!.detail).toBe(
      'Square sandbox: SQUARE_LOCATION_ID LAB1 (Main St) is active and takes cards',
    );
    // Nothing was written anywhere: no payment, no SMS, no order touched.
    expect(square.payments.size).toBe(paymentsBefore);
    expect(twilio.messages).toHaveLength(0);
    expect(doordash.confirmations).toHaveLength(0);
    expect(uber.calls('store').map((r) => r.path)).toContain('/v1/eats/stores/ue-1-1');
    expect(deliveroo.syncStatuses).toHaveLength(0);
  });

  it('takes one Deliveroo token with the client credentials, and calls nothing else', async () => {
    deliveroo.reset();
    const { of } = await check();
    expect(of('deliveroo')).toMatchObject({
      status: 'ready',
      detail:
        'token issued (lives 300 s): DELIVEROO_CLIENT_ID and DELIVEROO_CLIENT_SECRET are accepted; the sites are not read (docs/go-live.md)',
      required: false,
    });
    expect(deliveroo.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /oauth2/token']);
    expect(deliveroo.requests[0]!.body).toEqual({ grant_type: 'client_credentials' });
  });

  it('says a wrong Deliveroo secret is refused in one sentence naming both settings, never the secret', async () => {
    const { of, checks } = await check({ DELIVEROO_CLIENT_SECRET: 'a-wrong-deliveroo-secret' });
    expect(of('deliveroo')).toMatchObject({
      status: 'problem',
      detail:
        "Deliveroo's token endpoint answered 401: DELIVEROO_CLIENT_ID or DELIVEROO_CLIENT_SECRET is refused; copy both from Deliveroo's Developer Portal (the sandbox's with auth-sandbox.developers.deliveroo.com in DELIVEROO_AUTH_URL, the production ones with auth.developers.deliveroo.com)",
    });
    expect(of('deliveroo').detail).not.toContain('a-wrong-deliveroo-secret');
    expect(allReady(checks)).toBe(false);
  });

  it("says when Deliveroo's token endpoint cannot be reached, naming DELIVEROO_AUTH_URL", async () => {
    const away = (await check({ DELIVEROO_AUTH_URL: 'http://127.0.0.1:1/oauth2/token' })).of('deliveroo');
    expect(away.status).toBe('problem');
    expect(away.detail).toMatch(
      /^Deliveroo could not be reached \(\/oauth2\/token\): .*: check DELIVEROO_AUTH_URL, the network and Deliveroo's status page, then try again$/,
    );
  });

  it('says a wrong Square token is refused, naming the setting and the environment', async () => {
    const { of, checks } = await check({ SQUARE_ACCESS_TOKEN: 'EAAA-wrong' });
    expect(of('square')).toMatchObject({
      status: 'problem',
      detail:
        'Square answered 401, UNAUTHORIZED: SQUARE_ACCESS_TOKEN is refused (wrong token, or a token of the other environment: SQUARE_ENVIRONMENT is sandbox)',
    });
    expect(allReady(checks)).toBe(false);
    expect(of('square').detail).not.toContain('EAAA-wrong');
  });

  it("lists the account's locations when SQUARE_LOCATION_ID is not one of them", async () => {
    const { of } = await check({ SQUARE_LOCATION_ID: 'L123' });
    expect(of('square')).toMatchObject({
      status: 'problem',
      detail:
        "SQUARE_LOCATION_ID L123 is not one of this account's locations: LAB1 (Main St), LCD2 (Reservoir)",
    });
  });

  it("names a pickup location whose own Square location is not the account's", async () => {
    const { of } = await check(
      {},
      {
        ...targets,
        squareLocations: [
          { location: 'Reservoir', squareLocationId: 'LCD2' },
          { location: 'Preston', squareLocationId: 'LZZZ' },
        ],
      },
    );
    expect(of('square').status).toBe('problem');
    expect(of('square').detail).toBe(
      "the Square location of Preston LZZZ is not one of this account's locations: LAB1 (Main St), LCD2 (Reservoir)",
    );
  });

  it('names the Uber Eats scope the app lacks (invalid_scope at the token endpoint)', async () => {
    const { of } = await check(uberNoStoreScope.settings());
    expect(of('uber_eats')).toMatchObject({
      status: 'problem',
      detail:
        'Uber Eats token lacks scope eats.store: ask Uber to add it to the app (it lets this check read the mapped stores)',
    });
  });

  it('says a wrong Uber Eats secret is refused, and a store not linked to the app by its id and place', async () => {
    expect(
      (await check({ UBER_EATS_CLIENT_SECRET: 'a-wrong-uber-secret-0123' })).of('uber_eats').detail,
    ).toBe(
      "Uber Eats answered 401 invalid_client: UBER_EATS_CLIENT_ID or UBER_EATS_CLIENT_SECRET is refused; copy both again from the app's Setup page in Uber's developer dashboard",
    );
    const { of } = await check(
      {},
      {
        ...targets,
        stores: [{ channel: 'uber_eats', storeId: 'ue-3-7', location: 'Reservoir', brand: 'Burger Co' }],
      },
    );
    expect(of('uber_eats').detail).toBe(
      'store ue-3-7 (Reservoir / Burger Co) is not readable with these credentials: 404. Check the store id under Marketplaces → Store mappings, and that Uber has linked the store to this app',
    );
  });

  it('says a DoorDash JWT signed with the wrong secret is refused, and a store DoorDash does not know', async () => {
    const wrong = await check({
      DOORDASH_SIGNING_SECRET: Buffer.from('another-secret').toString('base64url'),
    });
    expect(wrong.of('doordash').status).toBe('problem');
    expect(wrong.of('doordash').detail).toMatch(
      /^DoorDash answered 401 \(The JWT signature is invalid\): our JWT is refused; check DOORDASH_DEVELOPER_ID, DOORDASH_KEY_ID and DOORDASH_SIGNING_SECRET/,
    );
    const { of } = await check(
      {},
      {
        ...targets,
        stores: [{ channel: 'doordash', storeId: 'dd-9-9', location: 'Preston', brand: null }],
      },
    );
    expect(of('doordash').detail).toMatch(
      /^store dd-9-9 \(Preston\) is not readable with these credentials: 404\./,
    );
  });

  it('says wrong Twilio credentials and a sender that is not the account’s', async () => {
    expect((await check({ TWILIO_AUTH_TOKEN: 'wrong' })).of('twilio').detail).toBe(
      'Twilio answered 401 (20003): TWILIO_ACCOUNT_SID or TWILIO_AUTH_TOKEN is refused; copy both from the Twilio Console (the live credentials: test credentials cannot read the account)',
    );
    expect((await check({ TWILIO_FROM: '+61480000999' })).of('twilio').detail).toBe(
      'TWILIO_FROM +61480000999 is not a phone number of this Twilio account: buy it or name one it has',
    );
  });

  it('says a refused SMTP login and an unreachable SMTP server, never the password', async () => {
    const login = (await check({ SMTP_URL: `smtp://mailer:wrong-pass@127.0.0.1:${smtpPort}` })).of('email');
    expect(login.status).toBe('problem');
    expect(login.detail).toMatch(
      new RegExp(
        `^the SMTP server at 127\\.0\\.0\\.1:${smtpPort} refused the login \\(535 .*\\): check the user and password in SMTP_URL$`,
      ),
    );
    expect(login.detail).not.toContain('wrong-pass');
    const away = (await check({ SMTP_URL: 'smtp://mailer:pw@127.0.0.1:1' })).of('email');
    expect(away.detail).toMatch(
      /^the SMTP server at 127\.0\.0\.1:1 could not be reached \(ESOCKET|ECONNECTION/,
    );
  });

  it('says a wrong Facebook app secret', async () => {
    expect((await check({ FACEBOOK_APP_SECRET: 'wrong-secret' })).of('facebook').detail).toBe(
      'Facebook refused our appsecret_proof (Invalid appsecret_proof provided in the API argument): FACEBOOK_APP_SECRET is wrong',
    );
  });

  it('gives up on a provider that does not answer within the timeout, and goes on with the others', async () => {
    square.failNext('timeout', { path: /^\/v2\/locations$/ });
    const started = Date.now();
    const { of } = await check();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(of('square').status).toBe('problem');
    expect(of('square').detail).toMatch(
      /^no answer within 2 s from 127\.0\.0\.1:\d+: check the address setting/,
    );
    expect(of('twilio').status).toBe('ready');
  });

  it('calls nothing for a provider that is not configured (demo credentials included)', async () => {
    const { checks } = await check({
      PAYMENTS_PROVIDER: 'test',
      UBER_EATS_CLIENT_ID: undefined,
      UBER_EATS_CLIENT_SECRET: undefined,
      DOORDASH_WEBHOOK_TOKEN: undefined,
      DOORDASH_DEVELOPER_ID: undefined,
      DOORDASH_KEY_ID: undefined,
      DOORDASH_SIGNING_SECRET: undefined,
      DELIVEROO_CLIENT_ID: undefined,
      DELIVEROO_CLIENT_SECRET: undefined,
      TWILIO_ACCOUNT_SID: undefined,
      TWILIO_AUTH_TOKEN: undefined,
      TWILIO_FROM: undefined,
      SMTP_URL: undefined,
      FACEBOOK_APP_ID: undefined,
      FACEBOOK_APP_SECRET: undefined,
    });
    expect(checks.every((c) => c.status === 'not_configured' && !c.required)).toBe(true);
    expect(allReady(checks)).toBe(true);
    expect(checks.find((c) => c.provider === 'doordash')!.detail).toBe(
      "the demo's credentials: the demo's stand-in answers, not DoorDash",
    );
    expect(DEMO_DOORDASH.developerId).toBe('demo-doordash-developer-id');
    expect(checks.find((c) => c.provider === 'deliveroo')!.detail).toBe(
      "the demo's credentials: the demo's stand-in answers, not Deliveroo",
    );
  });
});
