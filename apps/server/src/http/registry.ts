import type { QueryCall, RouteCall } from '@kitchaco/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { StreamedJson } from '../lib/streamed-json.js';
import type { Actor } from './actor.js';

export interface RequestContext {
  app: AppContext;
  actor: Actor;
  /** The bearer token of this request, if one was sent (logout revokes it). */
  token: string | null;
  clientAddress: string;
  log: FastifyBaseLogger;
}

/** Sends one server-sent event; `onClose` runs when the client goes away. */
export interface EventStream {
  send(event: string, data: unknown): void;
  onClose(fn: () => void): void;
}

/** What a declared part parses to; undefined where the declaration has none. */
type Out<S> = [NonNullable<S>] extends [never]
  ? undefined
  : NonNullable<S> extends z.ZodType
    ? z.output<NonNullable<S>>
    : undefined;

/**
 * A REST call's declaration (packages/domain) with what only the server knows: the handler, and
 * for some calls a raw body with its signature check, a catalogue cache key, an event stream or a
 * file download.
 */
export interface RouteDef<D extends RouteCall = RouteCall> extends RouteCall {
  /**
   * Keep the body's exact bytes, for a signature over them (a marketplace webhook's HMAC). The route
   * is registered in its own plugin scope whose content-type parser keeps the bytes, whatever the
   * content type; `verify` checks them with the headers first, then the bytes are parsed as JSON
   * (malformed JSON is a 400; with `forms`, as a form) and checked by `body` as usual. The
   * handler gets both.
   */
  rawBody?: true;
  /**
   * Answer 200 with an empty body once the handler succeeds (its answer is not sent): a platform
   * that asks for exactly that (Uber Eats' webhooks). Failures keep their JSON answer.
   */
  emptyAnswer?: true;
  /**
   * With `rawBody`: reads the body from its bytes instead of as JSON checked by `body` (a large one
   * off the event loop, lib/off-thread.ts); its answer is the handler's `body`, its AppError the
   * answer to the request.
   */
  readBody?: (rawBody: Buffer) => Promise<Out<D['body']>>;
  verify?: (
    ctx: RequestContext,
    input: { rawBody: Buffer; headers: Out<D['headers']> },
  ) => void | Promise<void>;
  handler(
    ctx: RequestContext,
    input: {
      params: Out<D['params']>;
      query: Out<D['query']>;
      body: Out<D['body']>;
      headers: Out<D['headers']>;
      rawBody: Buffer | null;
    },
  ): Promise<z.input<D['response']>>;
  /**
   * A public catalogue read: the answer is kept per key in the catalog cache until a change is
   * announced (lib/catalog-cache.ts), and served with an ETag (304 when the client has it).
   */
  catalogCacheKey?: (input: { params: Out<D['params']>; query: Out<D['query']> }) => string;
  /** A `text/event-stream` route: the handler subscribes and the stream stays open. */
  stream?: (ctx: RequestContext, events: EventStream, input: { query: Out<D['query']> }) => Promise<void>;
  /**
   * A file download: the handler's answer is sent with this content type as an attachment (the
   * browser saves it under `filename`) instead of as JSON. A handler whose file name depends on
   * what it read answers a `NamedFile`, whose name wins.
   */
  download?: {
    contentType: string;
    filename: (input: { params: Out<D['params']>; query: Out<D['query']>; body: Out<D['body']> }) => string;
  };
}

/** A download's bytes with the name the handler chose (RouteDef.download). */
export class NamedFile {
  constructor(
    readonly filename: string,
    readonly body: string | Buffer,
  ) {}
}

/** A query_type call's declaration with its handler. */
export interface CallDef<D extends QueryCall = QueryCall> extends QueryCall {
  /** The answer, or the same answer streamed as it is read (lib/streamed-json.ts). */
  handler(ctx: RequestContext, input: z.output<D['input']>): Promise<z.input<D['response']> | StreamedJson>;
}

/** Attaches the server's side to a REST declaration; the handler's input is typed from it. */
export function defineRoute<D extends RouteCall>(
  decl: D,
  server: Omit<RouteDef<D>, keyof RouteCall>,
): RouteDef {
  return { ...decl, ...server } as unknown as RouteDef;
}

/** Attaches a handler to a query_type declaration; its input is typed from the declaration. */
export function defineCall<D extends QueryCall>(decl: D, server: Omit<CallDef<D>, keyof QueryCall>): CallDef {
  return { ...decl, ...server } as unknown as CallDef;
}

export interface Module {
  routes?: RouteDef[];
  calls?: CallDef[];
}
