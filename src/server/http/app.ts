import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { messages } from '../../shared/catalogue.ts';
import { parseBrackets } from '../../shared/brackets.ts';
import { hasControlChars } from '../../shared/validation.ts';
import type { Ctx } from '../context.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Replicas } from '../db/replicas.ts';
import { registerReadHandle } from './reads.ts';
import { createMailer } from '../lib/mailer.ts';
import type { UserRow } from '../modules/auth/queries.ts';
import { noteWrite, userBySessionToken } from '../modules/auth/service.ts';
import { ApiError, errorBody } from '../lib/errors.ts';
import { createDomainEvents } from '../events.ts';
import { runNow } from '../db/transaction.ts';
import { BODY_LIMIT, parseQueryString, registerBodyParsers } from './parsers.ts';
import { registerRateLimits } from './ratelimit.ts';
import { registerSecurityHeaders } from '../lib/security-headers.ts';
import { closeRedis, connectRedis } from '../lib/redis.ts';
import { loggerOptions } from '../lib/log.ts';
import { enterRequest, resumeRequest } from '../lib/log-context.ts';
import { nameRequestSpan } from '../lib/tracing.ts';
import { metricsRoutes, registerMetrics } from './metrics.ts';
import { healthRoutes } from './health.ts';
import { SESSION_COOKIE } from './session.ts';
import { registerWeb, type WebOptions } from './web.ts';
import { DYNAMIC_COMPRESSION } from '../lib/page-encoding.ts';
import { collectWhenIdle } from './idle-gc.ts';
import { dropPageCaches } from '../lib/cache.ts';
import { processRoles } from '../roles.ts';
import { registerRoutes } from './route.ts';
import { userByApiToken } from '../modules/accounts/service.ts';
import { openApiRoutes } from './openapi.ts';
import { MODULES } from '../modules/index.ts';
import { routesOf } from '../modules/manifest.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: Ctx;
  }
  interface FastifyRequest {
    user: UserRow | null;
    /** Signed in by an API token (`X-Device-Token`), not by the session cookie. */
    viaToken: boolean;
    /** Set once the body has been read (multipart parts included): errors before it are the body's. */
    bodyRead: boolean;
  }
}

export const API_PREFIX = '/v3.0';
/** A request slower than this is logged at warn, whatever the log level says of the others. */
const SLOW_REQUEST_MS = 1000;

/** Requests log at debug, so the start line stays in view at the default level; failures and slow ones stand out. */
export const requestLogLevel = (status: number, ms: number): 'error' | 'warn' | 'debug' =>
  status >= 500 ? 'error' : ms >= SLOW_REQUEST_MS ? 'warn' : 'debug';

/**
 * What a request's closing line names it by, so a slow one says which: the method and the route's pattern
 * (`/v3.0/entry/:id`), or a page's path; never the query, where tokens travel.
 */
export const requestName = (request: Pick<FastifyRequest, 'method' | 'url' | 'routeOptions'>) => ({
  method: request.method,
  route:
    request.routeOptions.url && request.routeOptions.url !== '/*'
      ? request.routeOptions.url
      : request.url.split('?')[0],
});

class RequestLog extends LogController {
  incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const level = error ? 'error' : requestLogLevel(reply.statusCode, reply.elapsedTime);
    reply.log[level](
      { ...requestName(request), res: reply, err: error ?? undefined, responseTime: reply.elapsedTime },
      error ? 'request errored' : 'request completed',
    );
  }
}
const UNSAFE_METHODS = new Set(['POST', 'DELETE', 'PUT', 'PATCH']);

const safeDecode = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/** The API, the spec's root aliases of accounts, and the push endpoint calls (`/api/endpoint/…`). */
const isApiPath = (url: string) =>
  url.startsWith(`${API_PREFIX}/`) || url === API_PREFIX || url.startsWith('/auth/') || url.startsWith('/api/');

/** Maps Fastify's own errors (bad JSON, huge body, wrong content type) to the catalogue. */
function frameworkError(err: FastifyError): ApiError {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, messages.badJson);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new ApiError(413, messages.bodyTooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(415, messages.unsupportedMediaType);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PROTO_VIOLATION':
      return new ApiError(400, messages.badBody);
  }
  if (err.statusCode === 429) return new ApiError(429, messages.tooManyActions);
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
    return new ApiError(err.statusCode, messages.badRequest);
  return new ApiError(500, messages.internal);
}

export interface AppOptions {
  config: Config;
  db: Db;
  /** Read replicas of `db` (db/replicas.ts). */
  replicas?: Replicas<Db> | null;
  now?: () => Date;
  /** Serve the React Router build; API-only when absent (API tests). */
  web?: WebOptions;
  logger?: boolean | object;
  /** Where log lines go (stdout by default); each is redacted of secrets first (lib/log.ts). */
  logDestination?: { write(line: string): unknown };
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(opts.config.logLevel, opts.logDestination),
    bodyLimit: BODY_LIMIT,
    // Overloads of Fastify() take each shape of the option apart; the value is one of them.
    trustProxy: opts.config.trustProxy as boolean,
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true, maxParamLength: 500 },
    logController: new RequestLog(),
  });
  const redis = opts.config.redisUrl ? await connectRedis(opts.config.redisUrl, app.log) : null;
  const mail = createMailer({ smtpUrl: opts.config.smtpUrl, from: opts.config.mailFrom });
  const events = createDomainEvents(app.log);
  const ctx = {
    config: opts.config,
    db: opts.db,
    read: opts.db,
    replicas: opts.replicas ?? null,
    redis,
    mail,
    events,
    log: app.log,
    now: opts.now ?? (() => new Date()),
    inTransaction: false,
    afterCommit: runNow,
  } as Omit<Ctx, 'root'> as Ctx;
  ctx.root = ctx;
  app.decorate('ctx', ctx);
  // Listeners of the last requests' events finish before anything they use (Redis, sockets, the queue) closes.
  app.addHook('preClose', async () => {
    await events.settled();
  });
  app.addHook('onClose', async () => {
    mail.close();
    if (redis) await closeRedis(redis);
  });
  collectWhenIdle(app);
  // First of all hooks: what runs for the request (services included) logs its id; the body's reading loses the
  // async context, so it is taken up again before validation (lib/log-context.ts).
  app.addHook('onRequest', (req, _reply, done) => {
    // With tracing on (OTEL_EXPORTER_OTLP_ENDPOINT), the request's span takes its route's name.
    nameRequestSpan(req.method, req.routeOptions.url);
    enterRequest(req, done);
  });
  app.addHook('preValidation', (req, _reply, done) => resumeRequest(req, done));
  // Prometheus metrics when METRICS_TOKEN or METRICS_PORT is set: the request hook, counters and the endpoint.
  await registerMetrics(app);
  app.decorateRequest('user', null);
  app.decorateRequest('viaToken', false);
  app.decorateRequest('bodyRead', false);

  registerBodyParsers(app);
  registerSecurityHeaders(app, opts.config);
  // Pages and JSON go out compressed (brotli or gzip, cheaply: http/page-encoding.ts; a shared page comes compressed
  // already); pictures, video and sound are left as they are. Request bodies are never inflated: a small compressed
  // body could unpack past the body limit.
  await app.register(compress, { ...DYNAMIC_COMPRESSION, globalDecompression: false });
  await app.register(cookie);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    // Upload limits from config (UPLOAD_MAX_MB, UPLOAD_MAX_FILES); the upload route answers them per file.
    limits: {
      fileSize: opts.config.uploadMaxMb * 1024 * 1024,
      files: opts.config.uploadMaxFiles,
      fields: 200,
      fieldSize: BODY_LIMIT,
    },
  });

  // A path holding a control character names nothing here (and must not reach a query as text).
  app.addHook('onRequest', async (req) => {
    const path = req.url.split('?', 1)[0];
    if (path.includes('%') && hasControlChars(safeDecode(path))) throw new ApiError(404, messages.notFound);
  });

  // CSRF marker (spec/foundation.md §7): a cross-site form cannot set a custom header. Browsers also name the
  // page a request comes from (Origin, Sec-Fetch-Site): a write sent from another site is refused even with it.
  const ownOrigin = new URL(opts.config.publicUrl).origin;
  app.addHook('onRequest', async (req) => {
    if (!UNSAFE_METHODS.has(req.method) || !isApiPath(req.url) || req.routeOptions.config?.crossSite) return;
    // An API token is not ambient (a browser never adds it by itself): a request carrying one needs no marker.
    if (req.headers['x-device-token'] !== undefined) return;
    if (req.headers['x-this-is-csrf'] !== '1') throw new ApiError(403, messages.csrf);
    if (req.headers['sec-fetch-site'] === 'cross-site') throw new ApiError(403, messages.crossSite);
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== ownOrigin && origin !== `${req.protocol}://${req.host}`) {
      throw new ApiError(403, messages.crossSite);
    }
  });

  app.addHook('onRequest', async (req) => {
    const deviceToken = req.headers['x-device-token'];
    // Pages and files are for browsers: there the header is ignored (a bad or revoked token included), and the
    // session cookie alone decides; a token never shows its holder a page (the settings, with tokens and sessions).
    if (deviceToken !== undefined && isApiPath(req.url)) {
      // The token alone decides who calls: cookies are ignored, and a bad token is a 401, never an anonymous call.
      const { user } = await userByApiToken(
        app.ctx,
        String(deviceToken),
        req.method,
        req.routeOptions.config?.readOnly === true,
      );
      req.user = user;
      req.viaToken = true;
      return;
    }
    req.user = await userBySessionToken(app.ctx, req.cookies[SESSION_COOKIE]);
  });
  // Each request's read handle (`req.ctx.read`): a replica or the primary, once the reader is known.
  registerReadHandle(app);

  // Multipart fields use the same bracket notation as forms; files stay as buffers under their names.
  app.addHook('preValidation', async (req) => {
    // The multipart plugin's own hook ran before this one: whatever fails from here on is not the body's fault.
    req.bodyRead = true;
    if (!req.isMultipart() || !req.body || typeof req.body !== 'object') return;
    const strings: [string, string][] = [];
    const files: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(req.body as Record<string, unknown>)) {
      if (typeof v === 'string') strings.push([k, v]);
      else if (Array.isArray(v) && v.every((x) => typeof x === 'string')) v.forEach((x) => strings.push([k, x]));
      else files[k] = v;
    }
    req.body = { ...parseBrackets(strings), ...(Object.keys(files).length ? { files } : {}) };
  });

  // A write this node answered drops the shared copies of pages and feeds and its author's own (lib/cache.ts), before
  // its author can ask for them again: the author sees the change at once, other readers within the caches' few seconds.
  app.addHook('onSend', async (req, reply) => {
    if (!UNSAFE_METHODS.has(req.method) || reply.statusCode >= 400 || req.routeOptions.config?.readOnly) return;
    // The write itself is done: a failed count must not turn its answer into an error (kept copies then live their time).
    if (req.user) await noteWrite(app.ctx, req.user.id).catch((err) => req.log.error({ err }, 'write count failed'));
    dropPageCaches(app.ctx, req.user?.id ?? null);
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    // A multipart body its parser could not read (a cut boundary, a broken part header) is the client's error.
    const brokenBody = !(err instanceof ApiError) && !err.statusCode && !req.bodyRead && req.isMultipart();
    const apiErr =
      err instanceof ApiError ? err : brokenBody ? new ApiError(400, messages.badBody) : frameworkError(err);
    if (apiErr.rc >= 500) req.log.error({ err }, 'request failed');
    reply.code(apiErr.rc).send(errorBody(apiErr));
  });

  await registerRateLimits(app, { redis, namespace: `sreda:${opts.config.redisNamespace}` });

  // Liveness (`/health`) and readiness (`/health/ready`: the database and Redis) for load balancers.
  registerRoutes(app, healthRoutes, API_PREFIX);
  // Prometheus's scrape at `/metrics` when METRICS_TOKEN is set without METRICS_PORT (http/metrics.ts).
  registerRoutes(app, metricsRoutes(app), '');

  registerRoutes(app, openApiRoutes(app), API_PREFIX);
  // Every module's routes (API under /v3.0, the rest at the root: outside /v3.0 a route still has the CSRF and origin
  // checks of isApiPath), then what it runs beside them (a hub, counters, an endpoint with its own parser).
  for (const m of MODULES) {
    registerRoutes(app, routesOf(m.routes, ctx), API_PREFIX);
    registerRoutes(app, routesOf(m.rootRoutes, ctx), '');
    const stop = m.start?.(app);
    if (stop) app.addHook('onClose', async () => void (await stop()));
  }
  // Listeners, job handlers, the worker and the periodic tasks, by the process's roles (ROLES).
  await app.register(processRoles);

  if (opts.web) {
    await registerWeb(app, opts.web);
  }

  app.setNotFoundHandler((req, reply) => {
    const rm = isApiPath(req.url) ? messages.methodNotFound : messages.notFound;
    reply.code(404).send(errorBody(new ApiError(404, rm)));
  });

  return app;
}
