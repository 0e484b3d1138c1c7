import { Readable } from 'node:stream';
import { type AuditDecl, CHANGE_PASSWORD_FIRST } from '@kitchaco/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { CachedBody } from '../lib/catalog-cache.js';
import { RECONNECT_EVENT } from '../lib/lifecycle.js';
import { StreamedJson } from '../lib/streamed-json.js';
import { currentAuditScope, runAudited } from '../modules/audit/audit.context.js';
import { type Access, type Actor, hasRole } from './actor.js';
import {
  AppError,
  forbidden,
  fromZod,
  invalid,
  notFound,
  tooLarge,
  tooManyRequests,
  unauthorized,
  unavailable,
} from './errors.js';
import { asObject, parseCheckedJson, refuseUnsafeText } from './json-body.js';
import { LargeBodyGate } from './large-bodies.js';
import { acceptedEncoding, appendVary } from './negotiation.js';
import {
  type CallDef,
  type EventStream,
  type Module,
  NamedFile,
  type RequestContext,
  type RouteDef,
} from './registry.js';

/**
 * Bodies up to this size are read for any caller. A call that declares more room (an image, a CSV
 * export) gets it only once its caller is known to be allowed that call (`admitLargeBody`).
 */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Establishes who is calling. Implemented by the auth module. */
export interface Authenticator {
  /** Reads `Authorization: Token …`; null when no token was sent. Throws 401 for a dead token. */
  fromToken(app: AppContext, token: string): Promise<Actor>;
  /** Email and password in the body, as existing staff clients send them. */
  fromCredentials(app: AppContext, email: unknown, password: unknown, clientAddress: string): Promise<Actor>;
}

export const NEED_SIGN_IN = 'Please sign in again.';
export const NO_ACCESS = 'Your account does not have access to this.';

function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^(?:Token|Bearer)\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

async function establishActor(
  app: AppContext,
  auth: Authenticator,
  request: FastifyRequest,
  access: Access,
  body: Record<string, unknown> | null,
): Promise<{ actor: Actor; token: string | null }> {
  const token = readToken(request);
  if (access.kind === 'public' || access.kind === 'demo') {
    if (!token) return { actor: { kind: 'anonymous' }, token };
    // A stale token on a public call (logout, login) is not an error: the caller is anonymous.
    const actor = await auth.fromToken(app, token).catch(() => ({ kind: 'anonymous' }) as const);
    return { actor, token };
  }
  // A staff call carrying email and password in its body is decided by them, as the spec's clients
  // send them, even when the same browser also sends a customer's token in the header. An `email`
  // without a `password` beside a token is the call's own field (`add_staff_account`'s new account).
  if (access.kind === 'staff' && body && ('password' in body || ('email' in body && !token))) {
    return { actor: await auth.fromCredentials(app, body.email, body.password, request.ip), token: null };
  }
  if (token) return { actor: await auth.fromToken(app, token), token };
  return { actor: { kind: 'anonymous' }, token: null };
}

/**
 * Whether the request is an `app_view` read the call lets through without signing in: the spec's
 * menu page opened inside the mobile app (`&app_view=true`) reads a published meal (the service
 * then answers only that).
 */
export function isAppView(access: Access, body: Record<string, unknown> | null): boolean {
  return access.kind === 'staff' && access.appView === true && body?.app_view === true;
}

export function checkAccess(app: AppContext, access: Access, actor: Actor, appView = false): void {
  switch (access.kind) {
    case 'public':
      return;
    case 'demo':
      if (!app.config.demo) throw notFound('Not found.');
      return;
    case 'customer':
      if (actor.kind === 'anonymous') throw unauthorized(NEED_SIGN_IN);
      if (actor.kind !== 'customer') throw forbidden(NO_ACCESS);
      return;
    case 'staff':
      if (actor.kind === 'anonymous' && appView) return;
      if (actor.kind === 'anonymous') throw unauthorized(NEED_SIGN_IN);
      // The account row came with the session (or the credential check): no extra read here.
      if (actor.kind === 'staff' && actor.user.mustChangePassword && !access.temporaryPassword) {
        throw forbidden(CHANGE_PASSWORD_FIRST);
      }
      if (!hasRole(actor, access.roles)) throw forbidden(NO_ACCESS);
      return;
  }
}

function parseWith<T>(
  schema:
    | { safeParse(v: unknown): { success: true; data: T } | { success: false; error: never } }
    | undefined,
  value: unknown,
): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (!result.success) throw fromZod(result.error);
  return result.data;
}

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

function requestContext(
  app: AppContext,
  request: FastifyRequest,
  actor: Actor,
  token: string | null,
): RequestContext {
  // The request's log lines, its completion line included, say who asked: role, id, location
  // (docs/operations.md, "Logs"). Never a name, an email or a phone number.
  bindLog(request, whoAsked(actor));
  return { app, actor, token, clientAddress: request.ip, log: request.log };
}

/** Adds fields to every later line of the request's log (pino's child bindings). */
function bindLog(request: FastifyRequest, fields: Record<string, string | number | null>): void {
  (request.log as { setBindings?: (bindings: Record<string, unknown>) => void }).setBindings?.(fields);
}

function whoAsked(actor: Actor): Record<string, string | number | null> {
  if (actor.kind === 'customer') return { role: 'customer', actor_id: actor.customerId };
  if (actor.kind === 'anonymous') return { role: 'anonymous' };
  return {
    role: [...actor.user.roles].sort().join(',') || 'staff',
    actor_id: actor.user.id,
    location_id: actor.user.locationId,
  };
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

function catalogKey(def: RouteDef, input: { params: unknown; query: unknown }): string {
  return `${def.method} ${def.url} ${def.catalogCacheKey!(input as never)}`;
}

/**
 * A catalogue answer with its ETag, compressed as the client accepts (brotli, else gzip, each made
 * once when the answer was kept), 304 when the client already has it. Each encoding has its own
 * strong ETag (the text's, suffixed), as RFC 9110 §8.8.3 asks of different representations.
 */
function sendCatalogAnswer(request: FastifyRequest, reply: FastifyReply, kept: CachedBody): FastifyReply {
  const encoding = kept.encoded ? acceptedEncoding(request.headers['accept-encoding']) : null;
  const etag = encoding ? `${kept.etag.slice(0, -1)}-${encoding}"` : kept.etag;
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (kept.encoded) appendVary(reply, 'Accept-Encoding');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  if (!encoding) return reply.send(kept.body);
  return reply.header('content-encoding', encoding).send(kept.encoded![encoding]);
}

const ANONYMOUS: Actor = { kind: 'anonymous' };

/**
 * A public catalogue read by a caller without a token whose answer is kept: answered here, without
 * a promise (the same checks as the ordinary path, in the same order). False when the ordinary path
 * must run: a token to read, or an answer to load.
 */
function answerKeptCatalog(
  app: AppContext,
  def: RouteDef,
  request: FastifyRequest,
  reply: FastifyReply,
): boolean {
  if ((def.access.kind !== 'public' && def.access.kind !== 'demo') || readToken(request)) return false;
  refuseUnsafeText(request.params, 'params');
  refuseUnsafeText(request.query, 'query');
  checkAccess(app, def.access, ANONYMOUS);
  const input = {
    params: parseWith(def.params as never, request.params),
    query: parseWith(def.query as never, request.query),
  };
  const kept = app.catalog.peek(catalogKey(def, input));
  if (!kept) return false;
  bindLog(request, whoAsked(ANONYMOUS));
  sendCatalogAnswer(request, reply, kept);
  return true;
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

const HEARTBEAT_MS = 15_000;
const RESTARTING = 'This server is restarting. Please connect again.';

/** Event streams open per account in each process (`EVENT_STREAMS_PER_CUSTOMER`). */
const openStreams = new WeakMap<AppContext, Map<string, number>>();
const TOO_MANY_STREAMS =
  'Too many live connections are open for this account. Please close another tab and try again.';

function streamOwner(actor: Actor): string {
  if (actor.kind === 'customer') return `customer:${actor.customerId}`;
  if (actor.kind === 'staff') return `staff:${actor.user.id}`;
  return 'anonymous';
}

/** Keeps a `text/event-stream` response open, with a heartbeat comment so proxies keep it alive. */
async function openEventStream(
  ctx: RequestContext,
  request: FastifyRequest,
  reply: FastifyReply,
  stream: (ctx: RequestContext, events: EventStream) => Promise<void>,
): Promise<void> {
  let counts = openStreams.get(ctx.app);
  if (!counts) {
    counts = new Map();
    openStreams.set(ctx.app, counts);
  }
  const lifecycle = ctx.app.lifecycle;
  // A restarting instance takes no new stream: the client's retry reaches one that stays.
  if (lifecycle.draining) throw unavailable(RESTARTING, 1);
  const owner = streamOwner(ctx.actor);
  const held = counts.get(owner) ?? 0;
  if (held >= ctx.app.config.http.eventStreamsPerCustomer) throw tooManyRequests(TOO_MANY_STREAMS, 5);
  counts.set(owner, held + 1);
  const closers: (() => void)[] = [
    () => {
      const left = (counts.get(owner) ?? 1) - 1;
      if (left > 0) counts.set(owner, left);
      else counts.delete(owner);
    },
  ];
  let closed = false;
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    'x-request-id': request.id,
  });
  reply.raw.write(': connected\n\n');
  const heartbeat = setInterval(() => reply.raw.write(': ping\n\n'), HEARTBEAT_MS);
  // Its kind for the metrics: the area of its route (/api/v1/kitchen/events/ is a kitchen stream).
  const kind = request.routeOptions.url?.split('/')[3] ?? 'other';
  const untrack = lifecycle.trackStream(() => {
    // The last event of a draining instance: the client connects again at once, elsewhere.
    if (!closed) reply.raw.end(`event: ${RECONNECT_EVENT}\ndata: {"reason":"restart"}\n\n`);
  }, kind);
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    untrack();
    for (const fn of closers) fn();
  };
  request.raw.on('close', close);
  reply.raw.on('close', close);
  await stream(ctx, {
    send(event, data) {
      if (!closed) reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    onClose(fn) {
      if (closed) fn();
      else closers.push(fn);
    },
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
