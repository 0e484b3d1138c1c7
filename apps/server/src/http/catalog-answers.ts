import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { CachedBody } from '../lib/catalog-cache.js';
import { ANONYMOUS, bindLog, checkAccess, parseWith, readToken, whoAsked } from './caller.js';
import { refuseUnsafeText } from './json-body.js';
import { acceptedEncoding, appendVary } from './negotiation.js';
import type { RouteDef } from './registry.js';

/** The public catalogue reads kept in the catalog cache (RouteDef.catalogCacheKey), as answered. */
export function catalogKey(def: RouteDef, input: { params: unknown; query: unknown }): string {
  return `${def.method} ${def.url} ${def.catalogCacheKey!(input as never)}`;
}

/**
 * A catalogue answer with its ETag, compressed as the client accepts (brotli, else gzip, each made
 * once when the answer was kept), 304 when the client already has it. Each encoding has its own
 * strong ETag (the text's, suffixed), as RFC 9110 §8.8.3 asks of different representations.
 */
export function sendCatalogAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  kept: CachedBody,
): FastifyReply {
  const encoding = kept.encoded ? acceptedEncoding(request.headers['accept-encoding']) : null;
  const etag = encoding ? `${kept.etag.slice(0, -1)}-${encoding}"` : kept.etag;
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (kept.encoded) appendVary(reply, 'Accept-Encoding');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  if (!encoding) return reply.send(kept.body);
  return reply.header('content-encoding', encoding).send(kept.encoded![encoding]);
}

/**
 * A public catalogue read by a caller without a token whose answer is kept: answered here, without
 * a promise (the same checks as the ordinary path, in the same order). False when the ordinary path
 * must run: a token to read, or an answer to load.
 */
export function answerKeptCatalog(
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
