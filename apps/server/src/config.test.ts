import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  assertSiteBuilt,
  ConfigError,
  DEMO_DELIVEROO_CLIENT,
  DEMO_PROVIDER_ABN,
  DEV_SECRET,
  isValidAbn,
  loadConfig,
} from './config.js';

const S3 = {
  IMAGE_S3_BUCKET: 'meal-images',
  IMAGE_S3_ACCESS_KEY_ID: 'key-id',
  IMAGE_S3_SECRET_ACCESS_KEY: 'secret',
  IMAGE_PUBLIC_BASE_URL: 'https://cdn.kitchaco.example/meals/',
};

/** A complete Square configuration (the values are Square's documented formats, not real keys). */
const SQUARE = {
  SQUARE_ACCESS_TOKEN: 'EAAAl-test-token',
  SQUARE_APPLICATION_ID: 'sandbox-sq0idb-test',
  SQUARE_LOCATION_ID: 'L88917AVBK2S5',
  SQUARE_WEBHOOK_SIGNATURE_KEY: 'test-signature-key',
  SQUARE_WEBHOOK_URL: 'https://orders.example/api/v1/square/webhook/',
};

describe('image storage settings', () => {
  it('keeps images in the local folder by default', () => {
    const config = loadConfig({ DATA_DIR: '/srv/data' }, '/');
    expect(config.images).toEqual({ dir: '/srv/data/images', s3: null });
  });

  it("uses the bucket when IMAGE_S3_BUCKET is set, AWS's endpoint of the region unless one is given", () => {
    expect(loadConfig({ ...S3, IMAGE_S3_REGION: 'ap-southeast-2' }).images.s3).toEqual({
      bucket: 'meal-images',
      endpoint: 'https://s3.ap-southeast-2.amazonaws.com',
      region: 'ap-southeast-2',
      accessKeyId: 'key-id',
      secretAccessKey: 'secret',
      publicBaseUrl: 'https://cdn.kitchaco.example/meals',
    });
    const r2 = loadConfig({
      ...S3,
      IMAGE_S3_ENDPOINT: 'https://abc.r2.cloudflarestorage.com/',
      IMAGE_S3_REGION: 'auto',
    });
    expect(r2.images.s3).toMatchObject({ endpoint: 'https://abc.r2.cloudflarestorage.com', region: 'auto' });
  });

  it('names every missing bucket setting instead of falling back to the folder', () => {
    expect(() => loadConfig({ IMAGE_S3_BUCKET: 'meal-images' })).toThrow(
      /IMAGE_S3_ACCESS_KEY_ID, IMAGE_S3_SECRET_ACCESS_KEY, IMAGE_PUBLIC_BASE_URL: required for S3 image storage/,
    );
    expect(() => loadConfig({ IMAGE_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(ConfigError);
  });

  it('wants an https public address in production (the pages load images over https only)', () => {
    const production = {
      NODE_ENV: 'production',
      PROVIDER_ABN: '51 824 753 556',
      DATABASE_URL: 'postgres://kitchaco@db.example:5432/kitchaco',
      APP_SECRET: 'x'.repeat(32),
      PAYMENTS_PROVIDER: 'square',
      ...SQUARE,
    };
    expect(() => loadConfig({ ...production, ...S3, IMAGE_PUBLIC_BASE_URL: 'http://cdn.example' })).toThrow(
      /IMAGE_PUBLIC_BASE_URL: must be an https/,
    );
    expect(loadConfig({ ...production, ...S3 }).images.s3?.bucket).toBe('meal-images');
  });
});

describe('card payments', () => {
  const production = {
    NODE_ENV: 'production',
    PROVIDER_ABN: '51 824 753 556',
    DATABASE_URL: 'postgres://kitchaco@db.example:5432/kitchaco',
    APP_SECRET: 'x'.repeat(32),
  };

  it('refuses to start in production without PAYMENTS_PROVIDER, naming it', () => {
    expect(() => loadConfig(production)).toThrow(/PAYMENTS_PROVIDER: required when NODE_ENV=production/);
  });

  it('takes the test provider in production only with the warning flag set (log and checkout banner)', () => {
    const config = loadConfig({ ...production, PAYMENTS_PROVIDER: 'test' });
    expect(config.payments).toMatchObject({ provider: 'test', warn: true });
    expect(loadConfig({}).payments).toMatchObject({ provider: 'test', warn: false });
  });

  it('wants every Square key for PAYMENTS_PROVIDER=square, and the webhook in production', () => {
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'square', SQUARE_ACCESS_TOKEN: 't' })).toThrow(
      /SQUARE_APPLICATION_ID, SQUARE_LOCATION_ID: required when PAYMENTS_PROVIDER=square/,
    );
    const { SQUARE_WEBHOOK_SIGNATURE_KEY: _, ...withoutWebhook } = SQUARE;
    expect(() => loadConfig({ ...production, PAYMENTS_PROVIDER: 'square', ...withoutWebhook })).toThrow(
      /SQUARE_WEBHOOK_SIGNATURE_KEY, SQUARE_WEBHOOK_URL/,
    );
  });

  it('outside production Square webhooks take a demo key; production refuses it', () => {
    expect(loadConfig({}).payments).toMatchObject({
      webhook: {
        signatureKey: 'demo-square-signature-key',
        url: 'http://localhost:3000/api/v1/square/webhook/',
      },
    });
    expect(() =>
      loadConfig({
        ...production,
        PAYMENTS_PROVIDER: 'square',
        ...SQUARE,
        SQUARE_WEBHOOK_SIGNATURE_KEY: 'demo-square-signature-key',
      }),
    ).toThrow(/SQUARE_WEBHOOK_SIGNATURE_KEY: the demo key cannot be used in production/);
  });

  it("uses Square's sandbox or production addresses, unless SQUARE_BASE_URL overrides the API's", () => {
    const sandbox = loadConfig({ PAYMENTS_PROVIDER: 'square', ...SQUARE });
    expect(sandbox.payments).toMatchObject({
      provider: 'square',
      square: {
        baseUrl: 'https://connect.squareupsandbox.com',
        sdkUrl: 'https://sandbox.web.squarecdn.com/v1/square.js',
      },
    });
    const live = loadConfig({
      ...production,
      PAYMENTS_PROVIDER: 'square',
      ...SQUARE,
      SQUARE_ENVIRONMENT: 'production',
    });
    expect(live.payments).toMatchObject({
      square: { baseUrl: 'https://connect.squareup.com', sdkUrl: 'https://web.squarecdn.com/v1/square.js' },
    });
    const fake = loadConfig({
      PAYMENTS_PROVIDER: 'square',
      ...SQUARE,
      SQUARE_BASE_URL: 'http://127.0.0.1:9/',
    });
    expect(fake.payments).toMatchObject({ square: { baseUrl: 'http://127.0.0.1:9' } });
  });
});

describe('settings an attacker would like', () => {
  const production = {
    NODE_ENV: 'production',
    PROVIDER_ABN: '51 824 753 556',
    DATABASE_URL: 'postgres://kitchaco@db.example:5432/kitchaco',
    APP_SECRET: 'x'.repeat(32),
    PAYMENTS_PROVIDER: 'square',
    ...SQUARE,
  };

  it('refuses production on the embedded database unless ALLOW_EMBEDDED_DATABASE says so, naming both', () => {
    const { DATABASE_URL: _, ...embedded } = production;
    expect(() => loadConfig(embedded)).toThrow(
      /DATABASE_URL: required when NODE_ENV=production .*set ALLOW_EMBEDDED_DATABASE=true/,
    );
    expect(loadConfig({ ...embedded, ALLOW_EMBEDDED_DATABASE: 'true' }).database.kind).toBe('pglite');
  });

  it('takes DATABASE_DIRECT_URL beside a pooler in DATABASE_URL, never alone', () => {
    const pooled = loadConfig({
      ...production,
      DATABASE_URL: 'postgres://kitchaco@pgbouncer:6432/kitchaco',
      DATABASE_DIRECT_URL: 'postgres://kitchaco@postgres:5432/kitchaco',
    }).database;
    expect(pooled).toMatchObject({
      kind: 'postgres',
      url: 'postgres://kitchaco@pgbouncer:6432/kitchaco',
      directUrl: 'postgres://kitchaco@postgres:5432/kitchaco',
    });
    expect(loadConfig(production).database).toMatchObject({ directUrl: null });
    const { DATABASE_URL: _, ...embedded } = production;
    expect(() =>
      loadConfig({ ...embedded, ALLOW_EMBEDDED_DATABASE: 'true', DATABASE_DIRECT_URL: 'postgres://x@y/z' }),
    ).toThrow(/DATABASE_DIRECT_URL: set only with DATABASE_URL/);
  });

  it('refuses Twilio in production without TWILIO_STATUS_CALLBACK_URL: undelivered codes would go unseen', () => {
    const twilio = {
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+61400000001',
    };
    expect(() => loadConfig({ ...production, ...twilio })).toThrow(
      /TWILIO_STATUS_CALLBACK_URL: required with Twilio in production/,
    );
    const url = 'https://orders.example.com/api/v1/notifications/twilio/status/';
    expect(loadConfig({ ...production, ...twilio, TWILIO_STATUS_CALLBACK_URL: url }).sms).toMatchObject({
      kind: 'twilio',
      statusCallbackUrl: url,
    });
    // Outside production it may be left out (no callbacks then); production without Twilio needs none.
    expect(loadConfig(twilio).sms).toMatchObject({ kind: 'twilio', statusCallbackUrl: null });
    expect(loadConfig(production).sms).toEqual({ kind: 'local' });
    expect(() => loadConfig({ TWILIO_STATUS_CALLBACK_URL: url })).toThrow(
      /TWILIO_STATUS_CALLBACK_URL: set only with TWILIO_ACCOUNT_SID/,
    );
    expect(() => loadConfig({ ...twilio, TWILIO_STATUS_CALLBACK_URL: 'orders.example.com/status' })).toThrow(
      /TWILIO_STATUS_CALLBACK_URL/,
    );
  });

  it('migrates at start unless MIGRATE_ON_START=false leaves it to npm run migrate', () => {
    expect(loadConfig(production).migrateOnStart).toBe(true);
    expect(loadConfig({ ...production, MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
  });

  it('refuses the development secret and demo webhook secrets in production, naming each', () => {
    expect(() => loadConfig({ ...production, APP_SECRET: DEV_SECRET })).toThrow(
      /APP_SECRET: the development secret cannot be used in production/,
    );
    expect(() => loadConfig({ ...production, UBER_EATS_WEBHOOK_SECRET: 'demo-uber-eats-secret' })).toThrow(
      /UBER_EATS_WEBHOOK_SECRET: a demo secret cannot be used in production/,
    );
  });

  it('listens on 127.0.0.1 in demo mode unless HOST says otherwise, on every interface in production', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig(production).host).toBe('0.0.0.0');
  });

  it('reads TRUST_PROXY as none, a hop count, or proxy addresses, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY: 'everyone' is not/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });
});

describe("Deliveroo's Order API (sync status)", () => {
  const production = {
    NODE_ENV: 'production',
    PROVIDER_ABN: '51 824 753 556',
    DATABASE_URL: 'postgres://kitchaco@db.example:5432/kitchaco',
    APP_SECRET: 'x'.repeat(32),
    PAYMENTS_PROVIDER: 'square',
    ...SQUARE,
  };
  const CREDENTIALS = {
    DELIVEROO_CLIENT_ID: '5sh97qp6c4donhb1a68rpd8n8h',
    DELIVEROO_CLIENT_SECRET: 'a-client-secret-from-the-developer-portal',
  };

  it("defaults to Deliveroo's production hosts, and to demo credentials outside production", () => {
    expect(loadConfig({}).deliveroo).toEqual({
      clientId: DEMO_DELIVEROO_CLIENT.clientId,
      clientSecret: DEMO_DELIVEROO_CLIENT.clientSecret,
      apiUrl: 'https://api.developers.deliveroo.com',
      authUrl: 'https://auth.developers.deliveroo.com/oauth2/token',
      timeoutMs: 10_000,
    });
    expect(loadConfig({ ...production, ...CREDENTIALS }).deliveroo).toMatchObject({
      clientId: CREDENTIALS.DELIVEROO_CLIENT_ID,
      apiUrl: 'https://api.developers.deliveroo.com',
    });
    // No Deliveroo at all in production: off, as its webhook is (503).
    expect(loadConfig(production).deliveroo).toBeNull();
  });

  it('refuses a production start with the webhook secret but no API credentials, naming the settings', () => {
    expect(() =>
      loadConfig({ ...production, DELIVEROO_WEBHOOK_SECRET: 'a-webhook-secret-0123456789' }),
    ).toThrow(/DELIVEROO_CLIENT_ID, DELIVEROO_CLIENT_SECRET: required with DELIVEROO_WEBHOOK_SECRET/);
  });

  it('wants both credentials or neither, no demo value and https addresses in production', () => {
    expect(() => loadConfig({ DELIVEROO_CLIENT_ID: 'only-the-id' })).toThrow(
      /DELIVEROO_CLIENT_ID, DELIVEROO_CLIENT_SECRET: set both or neither/,
    );
    expect(() =>
      loadConfig({
        ...production,
        ...CREDENTIALS,
        DELIVEROO_CLIENT_SECRET: DEMO_DELIVEROO_CLIENT.clientSecret,
      }),
    ).toThrow(/DELIVEROO_CLIENT_ID, DELIVEROO_CLIENT_SECRET: a demo value cannot be used in production/);
    expect(() =>
      loadConfig({ ...production, ...CREDENTIALS, DELIVEROO_API_URL: 'http://api.developers.deliveroo.com' }),
    ).toThrow(/DELIVEROO_API_URL: must be an https:\/\/ address in production/);
  });
});

describe('the provider ABN on documents', () => {
  it('the demo has a supplier ABN whose check digits add up; a mistyped one does not', () => {
    expect(loadConfig({}).providerAbn).toBe(DEMO_PROVIDER_ABN);
    expect(isValidAbn(DEMO_PROVIDER_ABN)).toBe(true);
    expect(isValidAbn('51 824 753 557')).toBe(false);
    expect(isValidAbn('12 345 678 901')).toBe(false);
  });

  it('refuses to start in production without PROVIDER_ABN, naming it, and with an ABN whose check digits fail', () => {
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'p'.repeat(40),
      DATABASE_URL: 'postgres://kitchaco@db/kitchaco',
      PAYMENTS_PROVIDER: 'test',
      ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true',
    };
    expect(() => loadConfig(production)).toThrow(/PROVIDER_ABN: required when NODE_ENV=production/);
    expect(() => loadConfig({ ...production, PROVIDER_ABN: '12 345 678 901' })).toThrow(
      /PROVIDER_ABN: not a valid ABN/,
    );
    expect(() => loadConfig({ ...production, PROVIDER_ABN: DEMO_PROVIDER_ABN })).not.toThrow(/PROVIDER_ABN/);
  });

  it('is kept as written when it has 11 digits, and a mistyped one stops the start naming it', () => {
    expect(loadConfig({ PROVIDER_ABN: ' 12 345 678 901 ' }).providerAbn).toBe('12 345 678 901');
    expect(loadConfig({ DEMO: 'false' }).providerAbn).toBeNull();
    expect(() => loadConfig({ PROVIDER_ABN: '12 345 678' })).toThrow(
      /PROVIDER_ABN must be an ABN of 11 digits/,
    );
  });
});

describe('the demo clock (DEMO_CLOCK)', () => {
  it('starts the demo at the instant given, and is off by default', () => {
    expect(loadConfig({}).demoClock).toBeNull();
    expect(loadConfig({ DEMO_CLOCK: '2026-11-20T12:30:00+11:00' }).demoClock?.toISOString()).toBe(
      '2026-11-20T01:30:00.000Z',
    );
  });

  it('refuses it outside demo mode and a value that is not an instant, naming the setting', () => {
    expect(() => loadConfig({ DEMO_CLOCK: '2026-11-20T12:30:00+11:00', DEMO: 'false' })).toThrow(
      /DEMO_CLOCK: the demo clock is for demo mode only/,
    );
    expect(() => loadConfig({ DEMO_CLOCK: 'next friday' })).toThrow(/DEMO_CLOCK/);
  });
});

describe("the customer app's store listings", () => {
  it('keeps the listings it is given, and none (no store button) when unset', () => {
    const listed = loadConfig({
      APP_STORE_URL: 'https://apps.apple.com/au/app/kitchaco/id6450000001',
      PLAY_STORE_URL: ' https://play.google.com/store/apps/details?id=com.kitchaco.app ',
    });
    expect(listed.appStores).toEqual({
      appStore: 'https://apps.apple.com/au/app/kitchaco/id6450000001',
      playStore: 'https://play.google.com/store/apps/details?id=com.kitchaco.app',
    });
    expect(loadConfig({ APP_STORE_URL: '' }).appStores).toEqual({ appStore: null, playStore: null });
  });

  it("refuses an address that is not the store's https listing, naming the setting", () => {
    for (const [name, value] of [
      ['APP_STORE_URL', 'http://apps.apple.com/au/app/kitchaco/id6450000001'],
      ['APP_STORE_URL', 'https://apps.apple.com/'],
      ['APP_STORE_URL', 'https://play.google.com/store/apps/details?id=com.kitchaco.app'],
      ['PLAY_STORE_URL', 'https://bit.ly/kitchaco'],
      ['PLAY_STORE_URL', 'play.google.com/store/apps/details?id=com.kitchaco.app'],
    ]) {
      expect(() => loadConfig({ [name as string]: value }), `${name}=${value}`).toThrow(
        new RegExp(`${name}: `),
      );
    }
  });
});

describe('the site (WEB_DIST, SERVE_WEB)', () => {
  const production = {
    NODE_ENV: 'production',
    PROVIDER_ABN: '51 824 753 556',
    DATABASE_URL: 'postgres://kitchaco@db.example:5432/kitchaco',
    APP_SECRET: 'x'.repeat(32),
    PAYMENTS_PROVIDER: 'test',
  };
  const builtBesideServer = fileURLToPath(new URL('../../web/dist', import.meta.url));

  it('serves the web app built beside the server in production, whatever the working directory', () => {
    expect(builtBesideServer.endsWith(join('apps', 'web', 'dist'))).toBe(true);
    expect(loadConfig(production, '/').webDist).toBe(builtBesideServer);
    expect(loadConfig(production, '/srv/elsewhere').webDist).toBe(builtBesideServer);
  });

  it('serves WEB_DIST when given (against the working directory), and nothing with SERVE_WEB=false', () => {
    expect(loadConfig({ ...production, WEB_DIST: 'site' }, '/srv/kitchaco').webDist).toBe(
      '/srv/kitchaco/site',
    );
    expect(loadConfig({ ...production, SERVE_WEB: 'false' }).webDist).toBeNull();
    expect(loadConfig({ ...production, SERVE_WEB: 'false', WEB_DIST: '/srv/site' }).webDist).toBeNull();
  });

  it('serves a site outside production only when asked (npm run dev has Vite serve the pages)', () => {
    expect(loadConfig({}).webDist).toBeNull();
    expect(loadConfig({ SERVE_WEB: 'true' }).webDist).toBe(builtBesideServer);
    expect(loadConfig({ WEB_DIST: '/srv/site' }).webDist).toBe('/srv/site');
    expect(() => loadConfig({ SERVE_WEB: 'maybe' })).toThrow(/SERVE_WEB/);
  });

  it('refuses a start whose site has no index.html, naming both settings and how to build it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kitchaco-site-'));
    try {
      const config = loadConfig({ ...production, WEB_DIST: dir });
      expect(() => assertSiteBuilt(config)).toThrow(ConfigError);
      expect(() => assertSiteBuilt(config)).toThrow(
        /WEB_DIST, SERVE_WEB: .*index\.html does not exist\. Build the web app \(npm run build\).*SERVE_WEB=false/,
      );
      writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Kitchaco</title>');
      expect(() => assertSiteBuilt(config)).not.toThrow();
      expect(() => assertSiteBuilt(loadConfig({ ...production, SERVE_WEB: 'false' }))).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
