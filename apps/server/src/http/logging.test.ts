import { randomUUID } from 'node:crypto';
import { SANDBOX_TOKENS } from '@kitchaco/domain';
import { and, DrizzleQueryError, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { meals, vendors } from '../db/schema/index.js';
import { DEMO_CUSTOMER_PHONE, DEMO_PASSWORD, seedDemoData } from '../demo/seed.js';
import { deliverDueMessages } from '../modules/notifications/outbox.service.js';
import { TestClock } from '../test/app.js';
import { createTestDatabase } from '../test/db.js';
import { codeFromOutbox } from '../test/outbox.js';
import { redactUrl, serializeError } from './logging.js';

/**
 * No secret ever reaches a log line. A real server (the production logger, at its most talkative
 * level, written to memory) is taken through what people do with it: the demo customer signs in by
 * SMS code (a wrong code, the right one, the used one again), orders with a card, and every demo
 * staff account signs in with the demo password, then works both with its token and the way
 * existing clients do, with email and password in every body. Faults are logged too: a failed write
 * of a sign-in code and a token sent where it does not belong (in a URL). Then every line written
 * is searched for the password, every code, every token and the card number.
 */
const NOW = new Date('2026-11-20T03:00:00Z'); // 2 pm in Melbourne: the demo kitchens are open
const STAFF = [
  { email: 'admin@demo.test', endpoint: '/api/v1/admin-data/', queryType: 'admin_login' },
  { email: 'operator@demo.test', endpoint: '/api/v1/admin-data/', queryType: 'admin_login' },
  { email: 'stock@demo.test', endpoint: '/api/v1/stock-login/', queryType: 'login' },
  { email: 'stockadmin@demo.test', endpoint: '/api/v1/stock-admin-user/', queryType: 'login' },
] as const;

const lines: string[] = [];
let database: Database;
let app: FastifyInstance;
let base: string;
/** Everything that must never be logged, collected as the journey hands it out. */
/** The card's one-time token is never logged either (it could still pay until used). */
const secrets = new Set<string>([DEMO_PASSWORD, SANDBOX_TOKENS.ok]);
const requestsMade: string[] = [];

async function call(
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  requestsMade.push(`${method} ${path}`);
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      // As the project's web app: failures carry their HTTP status.
      prefer: 'status-codes',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Token ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function latestCode(phone: string): Promise<string> {
  const code = await codeFromOutbox(app.appContext, phone);
  secrets.add(code);
  return code;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, { scale: 0.02, now: NOW });
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DEMO: 'true', LOG_LEVEL: 'trace', MAX_EVENT_LOOP_DELAY_MS: '0' }),
    database,
    clock: new TestClock(NOW),
    logStream: { write: (line) => void lines.push(line) },
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('no secret in a log line', () => {
  it('the demo customer signs in by SMS code and orders with a card', async () => {
    const phone = DEMO_CUSTOMER_PHONE;
    expect((await call('POST', '/api/v1/send-sms/', { body: { phone } })).status).toBe(200);
    const replaced = await latestCode(phone);
    expect((await call('POST', '/api/v1/send-sms/', { body: { phone } })).status).toBe(200);
    const code = await latestCode(phone);
    // The outbox worker hands the codes to the SMS adapter, which logs that it sent something.
    await deliverDueMessages(app.appContext);

    const wrong = ['0000', '9999'].find((c) => c !== code)!;
    secrets.add(wrong);
    expect((await call('POST', '/api/v1/login-phone/', { body: { phone, code: wrong } })).status).toBe(401);
    if (replaced !== code) {
      expect((await call('POST', '/api/v1/login-phone/', { body: { phone, code: replaced } })).status).toBe(
        401,
      );
    }
    const login = await call('POST', '/api/v1/login-phone/', { body: { phone, code } });
    expect(login.status).toBe(200);
    const token = String(login.body.token);
    secrets.add(token);
    expect((await call('POST', '/api/v1/login-phone/', { body: { phone, code } })).status).toBe(401);

    const userId = Number(login.body.user_id);
    expect((await call('GET', `/api/v1/customers/${userId}/`, { token })).status).toBe(200);
    expect((await call('GET', '/api/v1/orders/', { token })).status).toBe(200);

    const [meal] = await database.db
      .select({ id: meals.id, locationId: vendors.locationId })
      .from(meals)
      .innerJoin(vendors, eq(vendors.id, meals.vendorId))
      .where(and(eq(meals.status, 'Enabled'), eq(vendors.locationId, 1)))
      .limit(1);
    const checkout = {
      kitchaco: meal!.locationId,
      order_type: 'pickup',
      lines: [{ meal_id: meal!.id, quantity: 1, combo_ids: [] }],
    };
    const payment = { source_id: SANDBOX_TOKENS.ok };
    expect((await call('POST', '/api/v1/orders/quote/', { body: checkout })).status).toBe(200);
    const order = await call('POST', '/api/v1/orders/', {
      token,
      body: { checkout, payment },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(order.status).toBe(200);
    expect((await call('POST', '/api/v1/logout/', { token, body: {} })).status).toBe(200);
  });

  it('every demo staff account signs in with the demo password and works by token and by password', async () => {
    for (const account of STAFF) {
      const login = await call('POST', account.endpoint, {
        body: { query_type: account.queryType, email: account.email, password: DEMO_PASSWORD },
      });
      expect(login.status, account.email).toBe(200);
      const token = String(login.body.token);
      secrets.add(token);
      const byToken = await call('POST', '/api/v1/admin-data/', {
        token,
        body: { query_type: 'kitchaco_locations' },
      });
      expect(byToken.status, account.email).toBe(200);
      for (let i = 0; i < 2; i++) {
        const byPassword = await call('POST', '/api/v1/admin-data/', {
          body: { query_type: 'kitchaco_locations', email: account.email, password: DEMO_PASSWORD },
        });
        expect(byPassword.status, account.email).toBe(200);
      }
      const wrong = await call('POST', account.endpoint, {
        body: { query_type: account.queryType, email: account.email, password: `${DEMO_PASSWORD}!` },
      });
      expect(wrong.status).toBe(401);
      expect((await call('POST', '/api/v1/logout/', { token, body: {} })).status).toBe(200);
    }
    secrets.add(`${DEMO_PASSWORD}!`);
  });

  it('a token sent in a URL is refused, and the failed write of a code is logged without it', async () => {
    const admin = await call('POST', '/api/v1/admin-data/', {
      body: { query_type: 'admin_login', email: 'admin@demo.test', password: DEMO_PASSWORD },
    });
    const token = String(admin.body.token);
    secrets.add(token);
    for (const name of ['token', 'access_token', 'auth']) {
      const res = await call('GET', `/api/v1/orders/?${name}=${encodeURIComponent(token)}`);
      expect(res.status, name).toBe(401);
    }
    const byQuery = await call('GET', `/api/v1/kitchaco-location/?password=${DEMO_PASSWORD}`);
    expect(byQuery.status).toBe(200);

    // The code's text message cannot be written: the request fails with a 500 and an error log line.
    await database.db.execute(sql`
      CREATE FUNCTION refuse_sms() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'outbox is broken'; END $$`);
    await database.db.execute(
      sql`CREATE TRIGGER refuse_sms BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION refuse_sms()`,
    );
    try {
      const failed = await call('POST', '/api/v1/send-sms/', { body: { phone: '+61412345678' } });
      expect(failed.status).toBe(500);
      expect(JSON.stringify(failed.body)).not.toContain('outbox is broken');
    } finally {
      await database.db.execute(sql`DROP TRIGGER refuse_sms ON outbox`);
    }
    const errorLine = lines.find((l) => l.includes('"unhandled error"'));
    expect(errorLine, 'the failure is logged').toBeDefined();
    expect(errorLine, 'with the failed statement, for whoever investigates').toContain('insert into');
  });

  it('no line written holds the password, a code, a token or the card number', () => {
    const log = lines.join('');
    // The journey really was logged: a line per request received and per answer sent.
    const received = lines.filter((l) => l.includes('"incoming request"')).length;
    expect(received).toBeGreaterThanOrEqual(requestsMade.length);
    expect(lines.filter((l) => l.includes('"request completed"')).length).toBe(received);
    expect(log).toContain('sms delivered locally');
    expect(secrets.size).toBeGreaterThan(8);
    for (const secret of secrets) {
      // A 4-digit code counts when it stands alone, not inside a longer number or a request id.
      const source = /^\d{4}$/.test(secret)
        ? `(?<![\\w.-])${secret}(?![\\w.-])`
        : secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const line = lines.find((l) => new RegExp(source).test(l));
      const shown = line?.replace(new RegExp(source, 'g'), '<SECRET>');
      expect(shown, 'this log line holds a secret').toBeUndefined();
    }
    // However a code were worded, the text message that carries it is never logged.
    expect(log).not.toMatch(/sign-in code is/i);
    expect(log).not.toContain('"params"');
  });
});

describe('what a log line keeps', () => {
  it('an address keeps its path and ordinary parameters, not the value of a credential', () => {
    expect(redactUrl('/api/v1/orders/?limit=5')).toBe('/api/v1/orders/?limit=5');
    expect(redactUrl('/api/v1/orders/?limit=5&access_token=abc&Password=x&code=1234')).toBe(
      '/api/v1/orders/?limit=5&access_token=%5Bredacted%5D&Password=%5Bredacted%5D&code=%5Bredacted%5D',
    );
  });

  it("a failed query keeps its statement and the database's reason, not the values or the row", () => {
    const cause = Object.assign(new Error('new row for relation "outbox" violates check constraint'), {
      code: '23514',
      constraint: 'outbox_body_check',
      table: 'outbox',
      detail: 'Failing row contains (7, sms, +61412345678, Your Kitchaco sign-in code is 4821.)',
    });
    const error = new DrizzleQueryError(
      'insert into "outbox" ("channel", "recipient", "body") values ($1, $2, $3)',
      ['sms', '+61412345678', 'Your Kitchaco sign-in code is 4821.'],
      cause,
    );
    const line = JSON.stringify(serializeError(error));
    expect(line).not.toContain('4821');
    expect(line).not.toContain('+61412345678');
    expect(line).toContain('insert into \\"outbox\\"');
    expect(serializeError(error)).toMatchObject({
      type: 'DrizzleQueryError',
      cause: { code: '23514', constraint: 'outbox_body_check', table: 'outbox' },
    });
  });
});
