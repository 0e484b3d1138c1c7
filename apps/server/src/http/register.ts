import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { type Access, type Actor, hasRole } from './actor.js';
import { AppError, forbidden, fromZod, invalid, notFound, unauthorized } from './errors.js';
import type { CallDef, Module, RequestContext, RouteDef } from './registry.js';

const DEFAULT_BODY_LIMIT = 1024 * 1024;

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
  if (token) return { actor: await auth.fromToken(app, token), token };
  if (access.kind === 'staff' && body && ('email' in body || 'password' in body)) {
    return { actor: await auth.fromCredentials(app, body.email, body.password, request.ip), token: null };
  }
  return { actor: { kind: 'anonymous' }, token: null };
}

export function checkAccess(app: AppContext, access: Access, actor: Actor): void {
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
      if (actor.kind === 'anonymous') throw unauthorized(NEED_SIGN_IN);
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

function asObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw invalid('The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

function requestContext(
  app: AppContext,
  request: FastifyRequest,
  actor: Actor,
  token: string | null,
): RequestContext {
  return { app, actor, token, clientAddress: request.ip, log: request.log };
}

/** The body bytes a raw-body route's parser kept (none sent: empty). */
function rawBytes(body: unknown): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.alloc(0);
}

function parseJson(bytes: Buffer): unknown {
  if (bytes.length === 0) throw invalid('The request body is empty: a JSON object is expected.');
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    const reason = error instanceof SyntaxError ? `: ${error.message.slice(0, 120)}` : '';
    throw invalid(`The request body is not valid JSON${reason}`);
  }
}

function registerRoute(fastify: FastifyInstance, app: AppContext, auth: Authenticator, def: RouteDef): void {
  fastify.route({
    method: def.method,
    url: def.url,
    bodyLimit: def.bodyLimit ?? DEFAULT_BODY_LIMIT,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const rawBody = def.rawBody ? rawBytes(request.body) : null;
      // Staff credentials in the body are only read from an ordinary JSON body.
      const credentials = def.body && !rawBody ? asObject(request.body) : null;
      const { actor, token } = await establishActor(app, auth, request, def.access, credentials);
      checkAccess(app, def.access, actor);
      const ctx = requestContext(app, request, actor, token);
      if (def.stream) return openEventStream(ctx, request, reply, def.stream);
      // A signature is checked on the exact bytes, before anything in them is believed.
      const signedHeaders = rawBody ? parseWith(def.headers as never, request.headers) : undefined;
      if (rawBody && def.verify) await def.verify(ctx, { rawBody, headers: signedHeaders });
      const body = rawBody && def.body ? asObject(parseJson(rawBody)) : credentials;
      const input = {
        params: parseWith(def.params as never, request.params),
        query: parseWith(def.query as never, request.query),
        body: parseWith(def.body as never, body),
        headers: rawBody ? signedHeaders : parseWith(def.headers as never, request.headers),
        rawBody,
      };
      if (def.catalogCacheKey) {
        const key = `${def.method} ${def.url} ${def.catalogCacheKey(input)}`;
        const cached = await app.catalog.get(key, () => def.handler(ctx, input));
        reply.header('etag', cached.etag).header('cache-control', 'no-cache');
        if (request.headers['if-none-match'] === cached.etag) return reply.status(304).send();
        return reply.type('application/json; charset=utf-8').send(cached.body);
      }
      const result = await def.handler(ctx, input);
      if (def.download) {
        const filename = def.download.filename(input).replace(/[^\w.-]/g, '_');
        return reply
          .type(def.download.contentType)
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(result);
      }
      return reply.send(result);
    },
  });
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

/** Keeps a `text/event-stream` response open, with a heartbeat comment so proxies keep it alive. */
async function openEventStream(
  ctx: RequestContext,
  request: FastifyRequest,
  reply: FastifyReply,
  stream: NonNullable<RouteDef['stream']>,
): Promise<void> {
  const closers: (() => void)[] = [];
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
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
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

function registerEndpoint(
  fastify: FastifyInstance,
  app: AppContext,
  auth: Authenticator,
  endpoint: string,
  calls: CallDef[],
): void {
  const byType = new Map(calls.map((c) => [c.queryType, c]));
  const bodyLimit = Math.max(DEFAULT_BODY_LIMIT, ...calls.map((c) => c.bodyLimit ?? 0));
  fastify.post(endpoint, { bodyLimit }, async (request, reply) => {
    const body = asObject(request.body);
    const queryType = body.query_type;
    if (typeof queryType !== 'string' || queryType === '')
      throw invalid('query_type is required', 'query_type');
    const def = byType.get(queryType);
    if (!def) throw invalid(`query_type '${queryType.slice(0, 60)}' is not known here`, 'query_type');
    const { actor, token } = await establishActor(app, auth, request, def.access, body);
    checkAccess(app, def.access, actor);
    const input = parseWith(def.input as never, body);
    const result = await def.handler(requestContext(app, request, actor, token), input);
    return reply.send(result);
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
  for (const [endpoint, calls] of endpoints) registerEndpoint(fastify, app, auth, endpoint, calls);
}

export { AppError };
