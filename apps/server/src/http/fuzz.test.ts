import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { modules } from '../modules/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { type Caller, tokenFor } from '../test/auth.js';
import { createLocation } from '../test/factories.js';
import type { Access } from './actor.js';

/**
 * Every declared call gets generated bad and random input, as a caller it lets in: the budget is zero
 * 5xx, every failure in the spec's shape, and every success inside the declared response schema.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

interface Target {
  key: string;
  access: Access;
  method: string;
  url: string;
  queryType?: string;
  input?: z.ZodType;
  response: z.ZodType;
}

const targets: Target[] = [];
for (const m of modules) {
  for (const r of m.routes ?? []) {
    if (r.stream) continue;
    targets.push({
      key: `${r.method} ${r.url}`,
      access: r.access,
      method: r.method,
      url: r.url,
      ...(r.body ? { input: r.body as z.ZodType } : {}),
      response: r.response as z.ZodType,
    });
  }
  for (const c of m.calls ?? []) {
    targets.push({
      key: `${c.endpoint} ${c.queryType}`,
      access: c.access,
      method: 'POST',
      url: c.endpoint,
      queryType: c.queryType,
      input: c.input as z.ZodType,
      response: c.response as z.ZodType,
    });
  }
}

/** The field names a schema declares (objects only), so generated bodies reach the deeper checks. */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

/**
 * Numbers JSON.stringify cannot write (1e309 parses to Infinity, -0 prints as 0) travel as these
 * markers and are put into the raw body text as literals.
 */
const RAW_NUMBERS: Record<string, string> = { '"~1e309~"': '1e309', '"~-0~"': '-0', '"~-1e309~"': '-1e309' };

const hostile = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    -1,
    0,
    1e308,
    Number.MAX_SAFE_INTEGER + 2,
    -0.0001,
    2 ** 31,
    2 ** 31 - 1,
    2 ** 53,
    -(2 ** 31) - 1,
  ),
  fc.constantFrom('~1e309~', '~-0~', '~-1e309~'),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', ' ', "'; DROP TABLE orders; --", '<script>x</script>', '31 Feb 2026', 'NaN', '\u0000'),
  // Text PostgreSQL cannot keep: NUL anywhere, lone surrogates of either half.
  fc.constantFrom('a\u0000b', '\ud800', 'x\udfff', 'ok\ud83d', '\u0000'.repeat(3)),
  fc.string({ maxLength: 20 }).map((t) => `${t}\u0000`),
  fc.string({ minLength: 2000, maxLength: 2000 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

function bodyFor(target: Target) {
  const fields = fieldsOf(target.input);
  const known = fields.length
    ? fc.record(Object.fromEntries(fields.map((f) => [f, hostile])), { requiredKeys: [] })
    : fc.constant({});
  return fc.oneof(
    known,
    fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }),
    fc.jsonValue({ maxDepth: 2 }),
  );
}

/** Path ids and query values: numbers in and out of range half the time, any text otherwise. */
const pathText = fc.oneof(
  fc.integer({ min: -5, max: 60 }).map(String),
  fc.constantFrom('999999', '2147483648', '9007199254740993', '1e309', '-0', '%00', '1%00'),
  fc.string({ maxLength: 12 }),
);

/** The JSON text of a body, with the raw-number markers written as the literals they stand for. */
function bodyText(payload: unknown): string {
  let text = JSON.stringify(payload);
  for (const [marker, literal] of Object.entries(RAW_NUMBERS)) text = text.split(marker).join(literal);
  return text;
}

const failureShape = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  (body as { success?: unknown }).success === false &&
  typeof (body as { error?: unknown }).error === 'string';

describe('fuzzing every declared call', () => {
  let t: TestApp;
  const tokens = new Map<Caller, string>();
  beforeAll(async () => {
    t = await createTestApp({ SMS_SENDS_PER_ADDRESS: '100000', SMS_SENDS_PER_PHONE: '100000' });
    const location = await createLocation(t.database.db);
    for (const c of ['customer', 'super_admin', 'stock_admin', 'stock_user', 'operator'] as const) {
      tokens.set(c, (await tokenFor(t.database.db, c, location.id)).token);
    }
  });
  afterAll(() => t.close());

  /** A caller the call lets in, so the input reaches validation and the service. */
  function callerFor(access: Access): Caller {
    if (access.kind === 'customer') return 'customer';
    if (access.kind === 'staff') return access.roles[0] as Caller;
    return 'anonymous';
  }

  it.each(targets.map((target) => [target.key, target] as const))('%s', async (_key, target) => {
    const token = tokens.get(callerFor(target.access));
    const problems: string[] = [];
    await fc
      .assert(
        fc.asyncProperty(bodyFor(target), pathText, async (body, idText) => {
          const url = target.url.replace(
            ':id',
            idText.includes('%') ? idText : encodeURIComponent(idText) || '0',
          );
          const payload =
            target.method === 'GET'
              ? undefined
              : target.queryType && typeof body === 'object' && body !== null && !Array.isArray(body)
                ? { ...body, query_type: target.queryType }
                : body;
          const res = await t.app.inject({
            method: target.method as 'POST',
            url:
              target.method === 'GET'
                ? `${url}?limit=${encodeURIComponent(idText)}&kitchaco=${idText.includes('%') ? idText : encodeURIComponent(idText)}`
                : url,
            headers: {
              ...(token ? { authorization: `Token ${token}` } : {}),
              'idempotency-key': `fuzz-${encodeURIComponent(idText)}-key`,
              ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(payload === undefined ? {} : { payload: bodyText(payload) }),
          });
          if (res.statusCode >= 500)
            problems.push(`${res.statusCode} for ${url} ${bodyText(payload)?.slice(0, 200)}`);
          const answer = res.headers['content-type']?.toString().includes('json') ? res.json() : null;
          if (res.statusCode >= 400 && answer !== null && !failureShape(answer)) {
            problems.push(`failure outside the wire shape: ${res.body.slice(0, 200)}`);
          }
          if (res.statusCode < 300 && answer !== null && !target.response.safeParse(answer).success) {
            problems.push(`success outside the declared schema: ${res.body.slice(0, 200)}`);
          }
          return problems.length === 0;
        }),
        { numRuns: RUNS, seed: 20261122, endOnFailure: true },
      )
      .catch(() => {});
    expect(problems).toEqual([]);
  });
});
