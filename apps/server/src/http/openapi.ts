import { failureResponse } from '@kitchaco/domain';
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

const errorResponses = {
  '400': {
    description: 'Bad input: the field and the reason',
    content: { 'application/json': { schema: toSchema(failureResponse, 'output') } },
  },
  '401': { description: 'Missing or wrong credential' },
  '403': { description: 'Signed in without access' },
  '429': { description: 'Too many requests' },
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
    ...(parameters.length ? { parameters } : {}),
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
      ...errorResponses,
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
      ...errorResponses,
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
        'Customer, staff and back-office calls. Errors share one shape: `{ success: false, error, code, error_code?, field? }`.',
    },
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <token>' },
      },
    },
    paths,
  };
}
