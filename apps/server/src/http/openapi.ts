import { type FailureStyle, failureResponse } from '@kitchaco/domain';
import { z } from 'zod';
import type { Access } from './actor.js';
import type { CallDef, Module, RouteDef } from './registry.js';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

function describeAccess(access: Access): string {
  switch (access.kind) {
    case 'public':
      return 'Open to anyone.';
    case 'demo':
      return 'Demo mode only.';
    case 'customer':
      return 'Signed-in customer (`Authorization: Token …`).';
    case 'staff':
      return `Staff with one of the roles: ${access.roles.join(', ')} (\`Authorization: Token …\`, or email and password in the body).`;
  }
}

const failure = { 'application/json': { schema: toSchema(failureResponse, 'output') } };

/** What each failure status means, for every call that can answer it. */
const FAILURE_MEANINGS: Record<number, string> = {
  400: 'Bad input: `field` names it, `error` says why',
  401: 'Not signed in, or the credential is wrong or expired',
  402: 'The card was declined',
  403: 'Signed in without access to this',
  404: 'Not found',
  408: 'The request did not arrive in time',
  409: 'Conflicts with the current state (already decided, changed meanwhile)',
  413: 'The body is too large for this caller',
  415: 'The body is not JSON',
  422: 'A business rule refused it (`error_code` 1: below the minimum stock order)',
  429: 'Too many requests: wait for `Retry-After` seconds',
  503: 'Overloaded or the database is away: try again after `Retry-After` seconds',
};

/**
 * Every status a call can answer besides 200: the ones every call can meet (bad input, slow or
 * large bodies, rate limits, overload), sign-in ones for guarded calls, and the call's own. On a
 * spec call the business failures (4xx but 408, 413, 415, 429) come as 200 `success: false`
 * unless the request says `Prefer: status-codes` (docs/api.md, "Compatibility").
 */
function failureResponses(
  def: { access: Access; failures: FailureStyle; statuses?: readonly number[]; bodyLimit?: number },
  hasBody: boolean,
) {
  const statuses = new Set([400, 408, 429, 503, ...(def.statuses ?? [])]);
  if (hasBody) {
    statuses.add(413);
    statuses.add(415);
  }
  if (def.access.kind !== 'public') {
    statuses.add(401);
    statuses.add(403);
  }
  const business = (status: number) => status < 500 && ![408, 413, 415, 429].includes(status);
  return Object.fromEntries(
    [...statuses]
      .sort((a, b) => a - b)
      .map((status) => [
        String(status),
        {
          description:
            def.failures === 'spec' && business(status)
              ? `${FAILURE_MEANINGS[status] ?? 'Refused'}. Sent with HTTP 200 (\`success: false\`) unless the request says \`Prefer: status-codes\`.`
              : (FAILURE_MEANINGS[status] ?? 'Refused'),
          content: failure,
        },
      ]),
  );
}

/** The header that asks for HTTP statuses on spec calls. */
const preferParameter = {
  name: 'Prefer',
  in: 'header',
  required: false,
  description:
    'Send `status-codes` to get failures of this spec call with their HTTP status instead of 200 `success: false`.',
  schema: { type: 'string', enum: ['status-codes'] },
};

function routeOperation(def: RouteDef) {
  const parameters: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', def.params],
    ['query', def.query],
  ] as const) {
    if (!schema) continue;
    const json = toSchema(schema, 'input') as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, prop] of Object.entries(json.properties ?? {})) {
      parameters.push({
        name,
        in: where,
        required: where === 'path' || json.required?.includes(name),
        schema: prop,
      });
    }
  }
  return {
    summary: def.summary,
    description: describeAccess(def.access),
    tags: [def.tag],
    ...(def.failures === 'spec'
      ? { parameters: [...parameters, preferParameter] }
      : parameters.length
        ? { parameters }
        : {}),
    ...(def.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toSchema(def.body, 'input') } },
          },
        }
      : {}),
    responses: {
      '200': {
        description: 'OK',
        content: {
          [def.download?.contentType.split(';')[0] ?? 'application/json']: {
            schema: toSchema(def.response, 'output'),
          },
        },
      },
      ...failureResponses(def, Boolean(def.body)),
    },
  };
}

function endpointOperation(endpoint: string, calls: CallDef[]) {
  const variants = calls.map((c) => {
    const input = toSchema(c.input, 'input') as { properties?: JsonSchema; required?: string[] };
    return {
      title: c.queryType,
      description: `${c.summary} ${describeAccess(c.access)}`,
      type: 'object',
      properties: { query_type: { const: c.queryType }, ...(input.properties ?? {}) },
      required: ['query_type', ...(input.required ?? [])],
    };
  });
  return {
    summary: `query_type calls: ${calls.map((c) => c.queryType).join(', ')}`,
    description: calls
      .map((c) => `- \`${c.queryType}\`: ${c.summary} ${describeAccess(c.access)}`)
      .join('\n'),
    tags: [endpoint.split('/').filter(Boolean).at(-1) ?? endpoint],
    parameters: [preferParameter],
    requestBody: { required: true, content: { 'application/json': { schema: { oneOf: variants } } } },
    responses: {
      '200': {
        description: 'The answer of the chosen query_type',
        content: {
          'application/json': {
            schema: { oneOf: calls.map((c) => ({ title: c.queryType, ...toSchema(c.response, 'output') })) },
          },
        },
      },
      ...failureResponses(
        {
          access: calls.some((c) => c.access.kind === 'public') ? { kind: 'public' } : { kind: 'customer' },
          failures: 'spec',
          statuses: [
            ...new Set(
              calls.flatMap((c) => [
                ...(c.statuses ?? []),
                ...(c.access.kind === 'public' ? [] : [401, 403]),
              ]),
            ),
          ],
        },
        true,
      ),
    },
  };
}

/** OpenAPI 3.1 document built from the same declarations the server dispatches on. */
export function buildOpenApi(modules: Module[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const endpoints = new Map<string, CallDef[]>();
  for (const m of modules) {
    for (const r of m.routes ?? []) {
      if (r.hidden) continue;
      const path = r.url.replace(/:(\w+)/g, '{$1}');
      paths[path] ??= {};
      paths[path][r.method.toLowerCase()] = routeOperation(r);
    }
    for (const c of m.calls ?? []) endpoints.set(c.endpoint, [...(endpoints.get(c.endpoint) ?? []), c]);
  }
  for (const [endpoint, calls] of endpoints) {
    paths[endpoint] ??= {};
    paths[endpoint].post = endpointOperation(endpoint, calls);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kitchaco platform API',
      version: '1.0.0',
      description:
        'Customer, staff and back-office calls. Errors share one shape: `{ success: false, error, code, error_code?, field? }`. The calls of the spec answer business failures with HTTP 200 and that shape, as the old server did, unless the request says `Prefer: status-codes` (docs/api.md, "Compatibility"); 408, 413, 415, 429 and 503 always keep their status.',
    },
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <token>' },
      },
    },
    paths,
  };
}
