import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Access, Actor } from './actor.js';

export interface RequestContext {
  app: AppContext;
  actor: Actor;
  /** The bearer token of this request, if one was sent (logout revokes it). */
  token: string | null;
  clientAddress: string;
  log: FastifyBaseLogger;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A REST-style call (`GET /api/v1/vendors/`). Declared once: schemas, access, handler. */
/** Sends one server-sent event; `onClose` runs when the client goes away. */
export interface EventStream {
  send(event: string, data: unknown): void;
  onClose(fn: () => void): void;
}

export interface RouteDef<P = unknown, Q = unknown, B = unknown, R = unknown, H = unknown> {
  method: Method;
  /** Fastify path, e.g. '/api/v1/customers/:id/'. */
  url: string;
  summary: string;
  tag: string;
  access: Access;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** Request headers the handler reads (lower-case names), e.g. idempotency-key. */
  headers?: z.ZodType<H>;
  response: z.ZodType<R>;
  /** Largest accepted body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /**
   * Keep the body's exact bytes, for a signature over them (a marketplace webhook's HMAC). The route
   * is registered in its own plugin scope whose content-type parser keeps the bytes, whatever the
   * content type; `verify` checks them with the headers first, then the bytes are parsed as JSON
   * (malformed JSON is a 400) and checked by `body` as usual. The handler gets both.
   */
  rawBody?: true;
  verify?: (ctx: RequestContext, input: { rawBody: Buffer; headers: H }) => void | Promise<void>;
  /** Not listed in the OpenAPI document (dev-only helpers). */
  hidden?: boolean;
  handler(
    ctx: RequestContext,
    input: { params: P; query: Q; body: B; headers: H; rawBody: Buffer | null },
  ): Promise<R>;
  /**
   * A public catalogue read: the answer is kept per key in the catalog cache until a change is
   * announced (lib/catalog-cache.ts), and served with an ETag (304 when the client has it).
   */
  catalogCacheKey?: (input: { params: P; query: Q }) => string;
  /** A `text/event-stream` route: the handler subscribes and the stream stays open. */
  stream?: (ctx: RequestContext, events: EventStream) => Promise<void>;
  /**
   * A file download: the handler's string answer is sent with this content type as an attachment
   * (the browser saves it under `filename`) instead of as JSON.
   */
  download?: { contentType: string; filename: (input: { params: P; query: Q; body: B }) => string };
}

/** A `query_type` call on one of the spec's POST endpoints (`/api/v1/admin-data/` + `admin_login`). */
export interface CallDef<I = unknown, R = unknown> {
  endpoint: string;
  queryType: string;
  summary: string;
  access: Access;
  input: z.ZodType<I>;
  response: z.ZodType<R>;
  bodyLimit?: number;
  handler(ctx: RequestContext, input: I): Promise<R>;
}

/** Helpers that keep the handler's input typed from its schemas. */
export function defineRoute<P = undefined, Q = undefined, B = undefined, R = unknown, H = undefined>(
  def: RouteDef<P, Q, B, R, H>,
): RouteDef {
  return def as unknown as RouteDef;
}

export function defineCall<I, R>(def: CallDef<I, R>): CallDef {
  return def as unknown as CallDef;
}

export interface Module {
  routes?: RouteDef[];
  calls?: CallDef[];
}
