import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/open.js';
import type { FakeFacebookGraph } from '../fakes/facebook.js';
import { type FakeUberEats, startFakeUberEats } from '../fakes/uber-eats.js';
import { mappedStore } from '../test/marketplaces.js';
import { production, run } from '../test/process.js';
import { type ProviderFakes, startProviderFakes, TWILIO_NUMBER } from '../test/provider-fakes.js';

/**
 * `npm run providers:check` as an operator runs it: the built command (apps/server/dist), with the
 * settings in its environment, against the fakes of every provider started here and a database
 * whose store mappings it reads. One line per provider; exit 0 only when all configured are ready.
 */
let dataDir: string;
let fakes: ProviderFakes;
let uberOrdersOnly: FakeUberEats;
let facebook: FakeFacebookGraph;
let smtpPort: number;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kitchaco-providers-check-'));
  fakes = await startProviderFakes();
  ({ facebook, smtpPort } = fakes);
  uberOrdersOnly = await startFakeUberEats({ scopes: ['eats.store'] });
  const database = await openDatabase(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
  try {
    await database.migrate();
    await mappedStore(database.db, 'uber_eats', 'ue-1-1', 'Burger Co', []);
    await mappedStore(database.db, 'doordash', 'dd-1-1', 'Taco Co', []);
  } finally {
    await database.close();
  }
}, 60_000);

afterAll(async () => {
  await Promise.all([fakes.close(), uberOrdersOnly.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

function settings(overrides: Record<string, string> = {}): Record<string, string> {
  return fakes.settings(overrides) as Record<string, string>;
}

/** The command outside production (the sandbox before go-live), with the fakes' settings. */
async function providersCheck(overrides: Record<string, string> = {}) {
  const { PATH, HOME } = process.env;
  const child = run(
    { PATH, HOME, NODE_ENV: 'development', DATA_DIR: dataDir, ...settings(overrides) },
    'cli/providers-check.js',
  );
  const code = await child.exited;
  const lines = child.output().trimEnd().split('\n');
  return { code, lines, line: (name: string) => lines.find((l) => l.startsWith(name)) ?? '' };
}

describe('npm run providers:check', () => {
  it('reports each provider ready against the fakes, and exits 0', async () => {
    const { code, lines } = await providersCheck();
    expect(lines).toEqual([
      'Square (cards)    ready           Square sandbox: SQUARE_LOCATION_ID LAB1 (Main St) is active and takes cards',
      'Uber Eats         ready           token with eats.order and eats.store; 1 mapped store(s) readable',
      'DoorDash          ready           JWT accepted; 1 mapped store(s) readable',
      'Deliveroo         ready           token issued (lives 300 s): DELIVEROO_CLIENT_ID and DELIVEROO_CLIENT_SECRET are accepted; the sites are not read (docs/go-live.md)',
      `Twilio (SMS)      ready           account active; TWILIO_FROM ${TWILIO_NUMBER} is the account's and sends SMS`,
      `Email (SMTP)      ready           SMTP login to 127.0.0.1:${smtpPort} accepted as mailer`,
      `Facebook sign-in  ready           app ${facebook.appId}: its app token is valid`,
      'Every configured provider is ready.',
    ]);
    expect(code).toBe(0);
  }, 30_000);

  it('reports a wrong Square token in one line, and exits 1', async () => {
    const { code, line, lines } = await providersCheck({ SQUARE_ACCESS_TOKEN: 'EAAA-not-the-token' });
    expect(line('Square')).toBe(
      'Square (cards)    PROBLEM         Square answered 401, UNAUTHORIZED: SQUARE_ACCESS_TOKEN is refused (wrong token, or a token of the other environment: SQUARE_ENVIRONMENT is sandbox)',
    );
    expect(lines.filter((l) => l.slice(18).startsWith('PROBLEM'))).toHaveLength(1);
    expect(lines.at(-1)).toBe(
      'Not ready: fix the lines marked PROBLEM (docs/go-live.md), then run the check again.',
    );
    expect(lines.join('\n')).not.toContain('EAAA-not-the-token');
    expect(code).toBe(1);
  }, 30_000);

  it('reports a wrong SQUARE_LOCATION_ID with the account’s locations, and exits 1', async () => {
    const { code, line } = await providersCheck({ SQUARE_LOCATION_ID: 'L123' });
    expect(line('Square')).toBe(
      "Square (cards)    PROBLEM         SQUARE_LOCATION_ID L123 is not one of this account's locations: LAB1 (Main St), LCD2 (Reservoir)",
    );
    expect(code).toBe(1);
  }, 30_000);

  it('reports a missing Uber Eats scope, and exits 1', async () => {
    const { code, line } = await providersCheck(uberOrdersOnly.settings());
    expect(line('Uber Eats')).toBe(
      'Uber Eats         PROBLEM         Uber Eats token lacks scope eats.order: ask Uber to add it to the app (without it no order can be read, accepted or denied)',
    );
    expect(code).toBe(1);
  }, 30_000);

  it('reports a wrong Deliveroo secret in one line naming both settings, and exits 1', async () => {
    const { code, line, lines } = await providersCheck({
      DELIVEROO_CLIENT_SECRET: 'not-the-deliveroo-secret',
    });
    expect(line('Deliveroo')).toBe(
      "Deliveroo         PROBLEM         Deliveroo's token endpoint answered 401: DELIVEROO_CLIENT_ID or DELIVEROO_CLIENT_SECRET is refused; copy both from Deliveroo's Developer Portal (the sandbox's with auth-sandbox.developers.deliveroo.com in DELIVEROO_AUTH_URL, the production ones with auth.developers.deliveroo.com)",
    );
    expect(lines.filter((l) => l.slice(18).startsWith('PROBLEM'))).toHaveLength(1);
    expect(lines.join('\n')).not.toContain('not-the-deliveroo-secret');
    expect(code).toBe(1);
  }, 30_000);

  it('says in one line that a database without its schema cannot be read, and exits 2', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'kitchaco-providers-check-empty-'));
    try {
      const { PATH, HOME } = process.env;
      const child = run({ PATH, HOME, NODE_ENV: 'development', DATA_DIR: empty }, 'cli/providers-check.js');
      expect(await child.exited).toBe(2);
      expect(child.output().trim()).toBe(
        'The providers could not be checked: the store mappings could not be read from the database (relation "marketplace_stores" does not exist): run `npm run migrate` first, or check DATABASE_URL or DATA_DIR',
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 30_000);

  it('in production, counts a required provider that is not configured as a failure', async () => {
    const { PATH, HOME } = process.env;
    const child = run(
      {
        ...production({ DATA_DIR: dataDir, ALLOW_EMBEDDED_DATABASE: 'true' }),
        PATH,
        HOME,
        PAYMENTS_PROVIDER: 'test',
      },
      'cli/providers-check.js',
    );
    const code = await child.exited;
    const lines = child.output().trimEnd().split('\n');
    expect(lines[0]).toBe(
      'Square (cards)    PROBLEM (required) PAYMENTS_PROVIDER=test: no card is charged; set PAYMENTS_PROVIDER=square and the SQUARE_* settings',
    );
    expect(lines.find((l) => l.startsWith('Uber Eats'))).toBe(
      'Uber Eats         not configured  UBER_EATS_CLIENT_ID and UBER_EATS_CLIENT_SECRET are unset: Uber Eats orders are refused',
    );
    expect(code).toBe(1);
  }, 30_000);
});
