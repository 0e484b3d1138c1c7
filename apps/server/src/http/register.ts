import { Readable } from 'node:stream';
import type { AuditDecl } from '@kitchaco/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { StreamedJson } from '../lib/streamed-json.js';
import { currentAuditScope, runAudited } from '../modules/audit/audit.context.js';
import type { Actor } from './actor.js';
import {
  type Authenticator,
  bindLog,
  checkAccess,
  establishActor,
  isAppView,
  NEED_SIGN_IN,
  parseWith,
  readToken,
  requestContext,
} from './caller.js';
import { answerKeptCatalog, catalogKey, sendCatalogAnswer } from './catalog-answers.js';
import { AppError, invalid, tooLarge, unauthorized } from './errors.js';
import { openEventStream } from './event-streams.js';
import { asObject, parseCheckedJson, refuseUnsafeText } from './json-body.js';
import { LargeBodyGate } from './large-bodies.js';
import { type CallDef, type Module, NamedFile, type RequestContext, type RouteDef } from './registry.js';

export type { Authenticator } from './caller.js';

/**
 * Bodies up to this size are read for any caller. A call that declares more room (an image, a CSV
 * export) gets it only once its caller is known to be allowed that call (`admitLargeBody`).
 */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * Runs a staff call that declares an audit entry inside its audit scope, so each change the
 * services make records who made it, from where, through which call (modules/audit).
 */
function audited<T>(
  def: { audit?: AuditDecl | false },
  ctx: RequestContext,
  call: string,
  fn: () => Promise<T>,
) {
  if (!def.audit || ctx.actor.kind !== 'staff') return fn();
  const declared = def.audit;
  const actor = ctx.actor.user;
  return runAudited({ actor, address: ctx.clientAddress, call, declared }, async () => {
    const result = await fn();
    const scope = currentAuditScope();
    if (scope && scope.recorded === 0) ctx.log.debug({ call }, 'audited call changed nothing');
    return result;
  });
}

/** The body bytes a raw-body route's parser kept (none sent: empty). */
function rawBytes(body: unknown): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.alloc(0);
}

/** A signed form (Twilio's callbacks): its fields as strings, read from the bytes the signature was checked on. */
function formFields(bytes: Buffer): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(bytes.toString('utf8')));
}

/** What the load shedding reads of a route (http/load-shedding.ts). */
export interface RouteTraits {
  /** A long-lived `text/event-stream`: shed on arrival when overloaded, never counted as work. */
  eventStream: boolean;
}

declare module 'fastify' {
  // A route's config holds its traits (and, with traces on, @fastify/otel's `otel`).
  interface FastifyContextConfig extends Partial<RouteTraits> {}
}

function registerRoute(fastify: FastifyInstance, app: AppContext, auth: Authenticator, def: RouteDef): void {
  const traits: RouteTraits = { eventStream: Boolean(def.stream) };
  fastify.route({
    method: def.method,
    url: def.url,
    bodyLimit: def.bodyLimit ?? DEFAULT_BODY_LIMIT,
    config: traits,
    // Callback hooks and, for a kept catalogue answer, a handler that answers at once: every
    // promise costs a context copy on Node 20 once traces are on (docs/performance.md).
    // Before the body is read, so a malformed body of a spec call is answered in its style too.
    onRequest: (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
      request.failures = def.failures;
      done();
    },
    handler: def.catalogCacheKey
      ? (request: FastifyRequest, reply: FastifyReply) =>
          answerKeptCatalog(app, def, request, reply) ? undefined : handle(request, reply)
      : handle,
  });

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    refuseUnsafeText(request.params, 'params');
    refuseUnsafeText(request.query, 'query');
    const rawBody = def.rawBody ? rawBytes(request.body) : null;
    // Staff credentials in the body are only read from an ordinary JSON body.
    const credentials = def.body && !rawBody ? asObject(request.body) : null;
    // Only the spec's calls sign staff in from the body; the project's own calls use the token.
    const signIn = def.failures === 'spec' ? credentials : null;
    const { actor, token } = await establishActor(app, auth, request, def.access, signIn);
    checkAccess(app, def.access, actor);
    const ctx = requestContext(app, request, actor, token);
    if (def.stream) {
      const query = parseWith(def.query as never, request.query);
      return openEventStream(ctx, request, reply, (c, events) => def.stream!(c, events, { query }));
    }
    if (credentials) refuseUnsafeText(credentials);
    // A signature is checked on the exact bytes, before anything in them is believed.
    const signedHeaders = rawBody ? parseWith(def.headers as never, request.headers) : undefined;
    if (rawBody && def.verify) await def.verify(ctx, { rawBody, headers: signedHeaders });
    const readBody = rawBody && def.readBody;
    const signedBody = () => (def.forms ? formFields(rawBody!) : asObject(parseCheckedJson(rawBody!)));
    const body = rawBody && def.body && !readBody ? signedBody() : credentials;
    // A form's fields are checked here; JSON's are as it is parsed (when it could hold such text).
    if (rawBody && def.forms) refuseUnsafeText(body);
    const input = {
      params: parseWith(def.params as never, request.params),
      query: parseWith(def.query as never, request.query),
      body: readBody ? await readBody(rawBody) : parseWith(def.body as never, body),
      headers: rawBody ? signedHeaders : parseWith(def.headers as never, request.headers),
      rawBody,
    };
    if (def.catalogCacheKey) {
      const kept = await app.catalog.get(catalogKey(def, input), () => def.handler(ctx, input));
      return sendCatalogAnswer(request, reply, kept);
    }
    const result = await audited(def, ctx, `${def.method} ${def.url}`, () => def.handler(ctx, input));
    if (def.download) {
      const named = result instanceof NamedFile ? result : null;
      const filename = (named?.filename ?? def.download.filename(input)).replace(/[^\w.-]/g, '_');
      return reply
        .type(def.download.contentType)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(named ? named.body : result);
    }
    if (def.emptyAnswer) return reply.status(200).send();
    return reply.send(result);
  }
}

/**
 * A raw-body route lives in its own encapsulated scope: there every content type is read as bytes
 * (the signature covers them exactly), while every other route keeps Fastify's JSON parser.
 */
function registerRawBodyRoute(
  fastify: FastifyInstance,
  app: AppContext,
  auth: Authenticator,
  def: RouteDef,
): void {
  fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    registerRoute(scope, app, auth, def);
  });
}

/** The first top-level-looking `"name": "text"` of a JSON text, unescaped; undefined when absent. */
function scanString(text: string, name: string): string | undefined {
  const match = new RegExp(`"${name}"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*")`).exec(text);
  if (!match) return undefined;
  try {
    return JSON.parse(match[1]!) as string;
  } catch {
    return undefined;
  }
}

const TOO_LARGE = 'The request body is too large.';

/**
 * A body over `DEFAULT_BODY_LIMIT` is believed only from a caller allowed a call that declares room
 * for it: the query_type and the credentials (a token, or the email and password existing clients
 * send in the body) are read from the raw text with a linear scan, checked, and only then is the
 * whole body parsed. A stranger's 7 MB body costs a scan, never a parse. Returns the caller; the
 * parsed body must then say the same (`sameAsScanned`).
 */
async function admitLargeBody(
  app: AppContext,
  auth: Authenticator,
  request: FastifyRequest,
  text: string,
  byType: Map<string, CallDef>,
): Promise<{
  def: CallDef;
  actor: Actor;
  token: string | null;
  scanned: Record<string, string | undefined>;
}> {
  const scanned = { query_type: scanString(text, 'query_type') } as Record<string, string | undefined>;
  const def = scanned.query_type ? byType.get(scanned.query_type) : undefined;
  if (!def || (def.bodyLimit ?? DEFAULT_BODY_LIMIT) < Buffer.byteLength(text)) throw tooLarge(TOO_LARGE);
  const token = readToken(request);
  let actor: Actor;
  if (token) actor = await auth.fromToken(app, token);
  else {
    scanned.email = scanString(text, 'email');
    scanned.password = scanString(text, 'password');
    if (scanned.email === undefined && scanned.password === undefined) throw unauthorized(NEED_SIGN_IN);
    actor = await auth.fromCredentials(app, scanned.email, scanned.password, request.ip);
  }
  checkAccess(app, def.access, actor);
  return { def, actor, token, scanned };
}

function registerEndpoint(
  fastify: FastifyInstance,
  app: AppContext,
  auth: Authenticator,
  endpoint: string,
  calls: CallDef[],
  largeBodies: LargeBodyGate,
): void {
  const byType = new Map(calls.map((c) => [c.queryType, c]));
  const bodyLimit = Math.max(DEFAULT_BODY_LIMIT, ...calls.map((c) => c.bodyLimit ?? 0));
  fastify.register(async (scope) => {
    // The endpoint reads its JSON bodies as bytes, so a large one is parsed only once admitted.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    // Every call on the spec's endpoints answers failures as the old server did (its declaration
    // says `failures: 'spec'`; checked by http/registry.test.ts).
    scope.addHook('onRequest', async (request) => {
      request.failures = 'spec';
    });
    scope.post(endpoint, { bodyLimit }, async (request, reply) => {
      // JSON sent as text/plain (pages avoiding a CORS preflight do) is read as JSON too.
      const bytes = typeof request.body === 'string' ? Buffer.from(request.body) : rawBytes(request.body);
      if (bytes.length > DEFAULT_BODY_LIMIT) {
        const admitted = await admitLargeBody(app, auth, request, bytes.toString('utf8'), byType);
        // One large body worked on at a time (http/large-bodies.ts): parsed, read and answered.
        return largeBodies.run(() => handle(request, reply, bytes, admitted));
      }
      return handle(request, reply, bytes, null);
    });
  });

  async function handle(
    request: FastifyRequest,
    reply: FastifyReply,
    bytes: Buffer,
    admitted: Awaited<ReturnType<typeof admitLargeBody>> | null,
  ) {
    const body = bytes.length ? asObject(parseCheckedJson(bytes)) : {};
    if (admitted) {
      for (const [name, value] of Object.entries(admitted.scanned)) {
        if (value !== undefined && body[name] !== value) throw invalid(`${name} could not be read`, name);
      }
    }
    const queryType = body.query_type;
    if (typeof queryType !== 'string' || queryType === '')
      throw invalid('query_type is required', 'query_type');
    const def = byType.get(queryType);
    if (!def) throw invalid(`query_type '${queryType.slice(0, 60)}' is not known here`, 'query_type');
    bindLog(request, { query_type: queryType });
    request.queryType = queryType;
    const { actor, token } = admitted ?? (await establishActor(app, auth, request, def.access, body));
    checkAccess(app, def.access, actor, isAppView(def.access, body));
    const input = parseWith(def.input as never, body);
    const ctx = requestContext(app, request, actor, token);
    const result = await audited(def, ctx, queryType, () => def.handler(ctx, input));
    if (result instanceof StreamedJson) {
      return reply.type('application/json; charset=utf-8').send(Readable.from(result.chunks()));
    }
    return reply.send(result);
  }
}

/** A route whose body may also arrive form-encoded, read into an object of strings. */
function registerFormRoute(
  fastify: FastifyInstance,
  app: AppContext,
  auth: Authenticator,
  def: RouteDef,
): void {
  fastify.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: def.bodyLimit ?? DEFAULT_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    registerRoute(scope, app, auth, def);
  });
}

export function registerModules(
  fastify: FastifyInstance,
  app: AppContext,
  auth: Authenticator,
  modules: Module[],
): void {
  const endpoints = new Map<string, CallDef[]>();
  for (const module of modules) {
    for (const route of module.routes ?? []) {
      if (route.rawBody) registerRawBodyRoute(fastify, app, auth, route);
      else if (route.forms) registerFormRoute(fastify, app, auth, route);
      else registerRoute(fastify, app, auth, route);
    }
    for (const call of module.calls ?? []) {
      const list = endpoints.get(call.endpoint) ?? [];
      if (list.some((c) => c.queryType === call.queryType)) {
        throw new Error(`Duplicate call ${call.endpoint} ${call.queryType}`);
      }
      list.push(call);
      endpoints.set(call.endpoint, list);
    }
  }
  const largeBodies = new LargeBodyGate();
  for (const [endpoint, calls] of endpoints)
    registerEndpoint(fastify, app, auth, endpoint, calls, largeBodies);
}

export { AppError };
