import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '../../shared/catalogue.ts';
import type { RawAnswer } from '../../shared/api/contract.ts';
import { openApi } from '../../shared/api/health.ts';
import { declaredRoutes, READS, route, type Route } from './route.ts';

/**
 * The OpenAPI 3.1 document of every declared route (src/server/http/route.ts), made from the same zod schemas the
 * routes parse with (`z.toJSONSchema`, input side: what a client sends). Built once, on the first request.
 */
type Json = Record<string, unknown>;

const ACCESS_TEXT: Record<string, string> = {
  anyone: 'anyone',
  user: 'signed in',
  active: 'signed in, not banned',
  plus: 'signed in with Plus',
  staff: 'moderators and up',
  admin: 'administrators',
};

function jsonSchema(schema: z.ZodType | undefined, io: 'input' | 'output' = 'input'): Json | undefined {
  if (!schema) return undefined;
  try {
    const s = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
    delete s.$schema;
    return s;
  } catch {
    return {};
  }
}

/** `/writing/:id/history/:historyId` → `/writing/{id}/history/{historyId}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]\w*)/g, '{$1}');

const pathParams = (url: string, schema: Json | undefined) =>
  [...url.matchAll(/:([A-Za-z_]\w*)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: ((schema?.properties as Json | undefined)?.[name] as Json | undefined) ?? { type: 'string' },
  }));

const queryParams = (schema: Json | undefined) => {
  const props = (schema?.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => ({ name, in: 'query', required: required.has(name), schema: s }));
};

const envelope = {
  type: 'object',
  required: ['rc', 'rm', 'data'],
  properties: {
    rc: { type: 'integer', description: 'the HTTP status' },
    rm: { type: 'string', description: 'a message in Russian' },
    data: {},
  },
};

const refusal = {
  type: 'object',
  required: ['rc', 'rm', 'error', 'data'],
  properties: {
    ...envelope.properties,
    error: {
      type: 'string',
      pattern: '^[a-z][a-z0-9_]*$',
      description:
        'a stable code to branch on: the catalogue key of the message in snake_case (comment_not_found), ' +
        "invalid_input for fields refused by the route's schema (data.errors names them), else the status's " +
        '(not_found, too_many_requests…)',
    },
  },
};

/** A raw route's answer: its media type, or a redirect (302 with a Location). */
function rawResponses(raw: RawAnswer | undefined): Json {
  if (!raw) return { '200': { description: 'the answer as it is (a file, a page, a redirect)' } };
  if (raw.type === 'redirect')
    return {
      '302': {
        description: raw.description,
        headers: { Location: { description: 'where to go', schema: { type: 'string' } } },
      },
    };
  const binary = /^(image|audio|video|font)\/|octet-stream/.test(raw.type);
  return {
    '200': {
      description: raw.description,
      content: { [raw.type]: { schema: binary ? { type: 'string', format: 'binary' } : { type: 'string' } } },
    },
  };
}

export function openApiDocument(routes: readonly Route[], publicUrl: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const r of routes) {
    const path = openApiPath(r.url);
    const limit = r.spec.rateLimit === 'none' ? null : r.spec.rateLimit;
    const op: Json = {
      operationId: `${r.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      summary: `${r.method} ${path}`,
      description: `Access: ${ACCESS_TEXT[r.spec.access] ?? r.spec.access}.${limit ? ` At most ${limit[0]} calls per ${limit[1]} s.` : ''}`,
      'x-access': r.spec.access,
      ...(r.spec.errors?.length ? { 'x-errors': r.spec.errors } : {}),
      ...(limit ? { 'x-rate-limit': { max: limit[0], seconds: limit[1] } } : {}),
      tags: [path.split('/').filter(Boolean)[path.startsWith('/v3.0/') ? 1 : 0]?.replace(/[{}]/g, '') ?? 'root'],
      parameters: [...pathParams(r.url, jsonSchema(r.spec.params)), ...queryParams(jsonSchema(r.spec.query))],
      responses: r.spec.raw
        ? rawResponses(r.spec.rawAnswer)
        : {
            '200': {
              description: 'done',
              content: {
                'application/json': {
                  schema: r.spec.response
                    ? {
                        ...envelope,
                        properties: { ...envelope.properties, data: jsonSchema(r.spec.response, 'output') },
                      }
                    : envelope,
                },
              },
            },
            '4XX': {
              description: `refused: rm names the reason in Russian, error is its stable code${r.spec.errors?.length ? ` (this route's own: ${r.spec.errors.join(', ')})` : ''}`,
              content: { 'application/json': { schema: refusal } },
            },
          },
      // Sign-in power is the browser's alone: an API token is refused these (403).
      ...(r.spec.session === 'browser'
        ? { 'x-session': 'browser', security: r.spec.access === 'anyone' ? [{}, { session: [] }] : [{ session: [] }] }
        : r.spec.access === 'anyone'
          ? { security: [{}, { deviceToken: [] }, { session: [] }] }
          : {}),
    };
    if (r.method !== 'GET') {
      const body = jsonSchema(r.spec.body) ?? { type: 'object', additionalProperties: false };
      op.requestBody = {
        required: false,
        content: {
          'application/json': { schema: body },
          'application/x-www-form-urlencoded': { schema: body },
        },
      };
    }
    (paths[path] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sreda API',
      version: '3.0',
      description:
        'Every answer is {rc, rm, data}; rc is also the HTTP status. A program signs in with an API token in the ' +
        'X-Device-Token header (made in the settings; read tokens may only read; no token may call an operation ' +
        'marked x-session: browser, which signs in or manages ways in). A browser uses its session cookie ' +
        'and must send X-This-Is-CSRF: 1 with every write.',
    },
    servers: [{ url: publicUrl }],
    components: {
      securitySchemes: {
        deviceToken: { type: 'apiKey', in: 'header', name: 'X-Device-Token' },
        session: { type: 'apiKey', in: 'cookie', name: 'sreda_session' },
      },
    },
    security: [{ deviceToken: [] }, { session: [] }],
    paths,
  };
}

const cache = new WeakMap<FastifyInstance, Json>();
const apps = new WeakMap<object, FastifyInstance>();

function documentOf(app: FastifyInstance): Json {
  let doc = cache.get(app);
  if (!doc) {
    doc = openApiDocument(declaredRoutes(app), app.ctx.config.publicUrl);
    cache.set(app, doc);
  }
  return doc;
}

/** The document of the app a ctx belongs to (the reference page's loader). */
export function openApiFor(ctx: { root: object }): Json {
  const app = apps.get(ctx.root);
  return app ? documentOf(app) : openApiDocument([], '');
}

/** `GET /v3.0/openapi.json`: the document above, of this app's routes. */
export const openApiRoutes = (app: FastifyInstance) => {
  apps.set(app.ctx.root, app);
  return [
    route.implement(openApi, {
      rateLimit: READS,
      handler: ({ reply }) => {
        const doc = documentOf(app);
        reply.header('cache-control', 'public, max-age=300');
        reply.type('application/json; charset=utf-8');
        return doc;
      },
    }),
  ];
};

export { messages };
