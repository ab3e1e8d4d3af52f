import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestHandler, RouterContextProvider, type RequestHandler, type ServerBuild } from 'react-router';
import type { AppContextValue } from '../../shared/pages/index.ts';
import type { createContext } from 'react-router';
import { messages } from '../../shared/catalogue.ts';
import { presentCurrentUser } from '../modules/users/service.ts';
import { pageServices } from './page-services.ts';
import { hubOf } from '../modules/realtime/hub.ts';
import { feedRoute } from '../../shared/feed.ts';
import { SHELL_COOKIES } from '../../shared/shell-cookies.ts';
import { TOWN_COOKIE } from '../../shared/vacancies.ts';
import { mobilePrefix } from '../../shared/mobile-path.ts';
import { perAppCache } from '../lib/cache.ts';
import { RenderGate } from './render-gate.ts';
import { keptForReader } from './reader-shell.ts';
import { sendShared, SharedBody } from '../lib/page-encoding.ts';
import { escapeHtml } from '../../shared/html.ts';
import { ApiError, errorBody } from '../lib/errors.ts';

export interface WebOptions {
  buildDir: string;
  /** How long a page may wait for a render place before it is refused (RENDER_WAIT_MS by default). */
  renderWaitMs?: number;
  /** How long a render may run before it is stopped and answered 503 (RENDER_TIMEOUT_MS by default). */
  renderTimeoutMs?: number;
}

type BuildWithContext = ServerBuild & {
  entry: { module: { appContext: ReturnType<typeof createContext<AppContextValue>> } };
};

/** How long anonymous visitors may be served the same feed, subsite or entry page; this node's writes drop it at once. */
export const SHARED_PAGE_MS = 5000;

/**
 * Page renders running at once on this node; the others wait their turn (docs/BENCHMARKS.md, issue 16). A render's
 * place is held until its HTML has been sent (or the client left). Two cores finish 50 renders no sooner than a
 * few at a time, and 50 at once held 50 renders' garbage: the memory peak.
 */
export const RENDERS_AT_ONCE = 8;
/**
 * How long a page waits for a render place, and how many may wait: past either it is refused at once with 503 and
 * Retry-After, so a burst costs its own requests a retry instead of growing a queue every later page stands in.
 */
export const RENDER_WAIT_MS = 3000;
export const RENDERS_WAITING = 64;
/**
 * How long one render may take: loaders and React stop at this signal, the page is refused like a busy one and its
 * place is free again. A render that never ends would otherwise keep its place for good.
 */
export const RENDER_TIMEOUT_MS = 10_000;
/** Retry-After of that refusal, in seconds. */
const BUSY_RETRY_S = 5;

/** A page that found no render place in time: the shared copy's computation fails with it, and is not kept. */
class ServerBusy extends Error {}

/** The refusal of a page that found no render place: a tiny page of its own, no render needed. */
const BUSY_PAGE = Buffer.from(
  `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${escapeHtml(messages.serverBusy)}</title></head><body><p>${escapeHtml(messages.serverBusy)}</p></body></html>`,
);

/** The render gate of each app (tests hold its places to show the refusal). */
const gates = new WeakMap<object, RenderGate>();
export const renderGateOf = (app: FastifyInstance) => gates.get(app.ctx.root);

/**
 * Aborts when the request's answer is over: sent, or its client gone (the response's close, which also comes when
 * the server's timeout destroys the socket); already aborted when the client left before we looked.
 */
function whenClosed(req: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  if (reply.raw.destroyed || req.raw.socket?.destroyed === true) controller.abort();
  else reply.raw.once('close', () => controller.abort());
  return controller.signal;
}

/**
 * A render's time limit: the signal stops loaders and React once the timer fires; `passed` also tells a render that
 * finished late without the event loop having reached the timer (queries answered in-process never yield to it).
 */
function renderDeadline(ms: number) {
  const end = performance.now() + ms;
  const signal = AbortSignal.timeout(ms);
  return { signal, passed: () => signal.aborted || performance.now() > end };
}

/** A rendered page as anonymous visitors share it. */
interface SharedPage {
  status: number;
  headers: [string, string][];
  /** The HTML with its brotli and gzip forms, each made once for all who get this copy. */
  body: SharedBody;
  /** False when the render set a cookie or failed: that answer is for its own request only. */
  shareable: boolean;
}

const sharedPages = perAppCache<SharedPage>(
  'pages.shared',
  SHARED_PAGE_MS,
  { entries: 1000, bytes: 64 * 1024 * 1024, sizeOf: (page) => (page as SharedPage).body.body.length },
  { dropOnWrite: true },
);

/** A subsite page (`/u/{user}`, `/s/{slug}`) or an entry page in one (`…/{id}-{slug}`). */
const SUBSITE_OR_ENTRY = /^\/[us]\/[^/]+(\/\d[^/]*)?\/?$/;

/** The boards' lists and items (`/job`, `/events/12`): their filters default to the reader's town, from its cookie. */
const BOARD = /^\/(job|events)(\/\d+)?\/?$/;

/**
 * The pages every anonymous visitor sees alike (the feeds, subsite and entry pages, the boards): the key also holds
 * the cookies the shell reads (src/web/root.tsx) and, on a board, the town's. Null for anything else, and for everyone
 * outside production. An entry page counts its view from the browser, so a shared copy loses no view.
 */
function sharedKey(req: FastifyRequest, sharedCaches: boolean): string | null {
  if (!sharedCaches || req.user || req.method !== 'GET') return null;
  const path = req.url.split('?', 1)[0];
  const board = BOARD.test(path);
  if (!board && !feedRoute(path) && !SUBSITE_OR_ENTRY.test(path)) return null;
  const cookies = board ? [...SHELL_COOKIES, TOWN_COOKIE] : SHELL_COOKIES;
  return [req.url, ...cookies.map((name) => req.cookies[name] ?? '')].join('\n');
}

/** The reader a page or its data was made for, to the service worker's offline reading. */
export const READER_HEADER = 'x-sreda-reader';

/** Handlers kept per mobile basename; a suffix beyond these gets a handler of its own request. */
const MOBILE_HANDLERS = 16;

/** Serves the React Router build: hashed assets from disk, every other GET through the SSR handler. */
export async function registerWeb(app: FastifyInstance, opts: WebOptions) {
  const build = (await import(pathToFileURL(path.join(opts.buildDir, 'server', 'index.js')).href)) as BuildWithContext;
  const handler = createRequestHandler(build, 'production');
  const mobileHandlers = new Map<string, RequestHandler>();
  const handlerFor = (path: string): RequestHandler => {
    // A mobile page (`/m/new`) is the same page under that basename, so its links keep the segment; the shell draws
    // it in the mobile layout with a canonical link to the main address (src/web/root.tsx).
    // A page's data comes from `{path}.data`: `/m.data` is the data of `/m`.
    const basename = mobilePrefix(path.endsWith('.data') ? path.slice(0, -'.data'.length) : path);
    if (!basename) return handler;
    let mobile = mobileHandlers.get(basename);
    if (!mobile) {
      mobile = createRequestHandler({ ...build, basename }, 'production');
      if (mobileHandlers.size < MOBILE_HANDLERS) mobileHandlers.set(basename, mobile);
    }
    return mobile;
  };
  const appContext = build.entry.module.appContext;
  const gate = new RenderGate(RENDERS_AT_ONCE, {
    waitMs: opts.renderWaitMs ?? RENDER_WAIT_MS,
    queue: RENDERS_WAITING,
  });
  gates.set(app.ctx.root, gate);
  const renderTimeoutMs = opts.renderTimeoutMs ?? RENDER_TIMEOUT_MS;
  // A new build asks the open tabs to refresh (src/server/modules/realtime).
  app.addHook('onReady', async () => hubOf(app.ctx)?.announceStaticVersion(build.assets.version));

  await app.register(fastifyStatic, {
    root: path.join(opts.buildDir, 'client'),
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text asset (scripts/precompress.ts): sent as they are.
    preCompressed: true,
    // Hashed file names never change content, so browsers and CDNs may keep them for a year.
    setHeaders(reply: unknown, filePath: string) {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        (reply as FastifyReply).header('cache-control', 'public, max-age=31536000, immutable');
    },
  });

  const respond = async (req: FastifyRequest, signal?: AbortSignal) => {
    const ctx = req.ctx;
    const user = req.user;
    const context = new RouterContextProvider();
    context.set(appContext, {
      user: user ? await keptForReader(ctx, user, 'user', () => presentCurrentUser(ctx, user)) : null,
      services: pageServices(ctx, user),
      publicUrl: ctx.config.publicUrl,
      mediaBaseUrl: ctx.config.mediaBaseUrl,
      testPayments: !ctx.config.cloudpayments && ctx.config.paymentsTestCashier,
    });
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (key === 'x-device-token') continue;
      if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
      else if (value !== undefined) headers.set(key, value);
    }
    const url = new URL(req.url, `${req.protocol}://${req.host}`);
    return handlerFor(url.pathname)(new Request(url, { method: req.method, headers, signal }), context);
  };

  /** Renders the whole page into memory, for anonymous visitors to share. */
  const renderShared = async (req: FastifyRequest): Promise<SharedPage> => {
    // Not tied to this client: the copy is for everyone who asks meanwhile.
    const leave = await gate.enter();
    if (!leave) throw new ServerBusy();
    const timeout = renderDeadline(renderTimeoutMs);
    try {
      const response = await respond(req, timeout.signal);
      const body = Buffer.from(await response.arrayBuffer());
      if (timeout.passed()) throw new ServerBusy();
      const headers: [string, string][] = [];
      response.headers.forEach((value, key) => headers.push([key, value]));
      return {
        status: response.status,
        headers,
        body: new SharedBody(body),
        shareable: response.status === 200 && !response.headers.has('set-cookie'),
      };
    } catch (err) {
      throw timeout.passed() ? new ServerBusy() : err;
    } finally {
      leave();
    }
  };

  const busy = (reply: FastifyReply) =>
    reply
      .code(503)
      .header('retry-after', String(BUSY_RETRY_S))
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(BUSY_PAGE);

  const render = async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.url.startsWith('/v3.0')) {
      return reply.code(404).send(errorBody(new ApiError(404, messages.methodNotFound)));
    }
    // Whose page this is (0: a visitor's): the service worker keeps pages per reader and never shows one to another
    // (src/server/modules/site/files/sw-offline.js).
    reply.header(READER_HEADER, req.user ? String(req.user.id) : '0');
    const key = sharedKey(req, app.ctx.config.sharedCaches);
    if (key !== null) {
      const cache = sharedPages(app.ctx);
      let mine = false;
      try {
        let page = await cache.get(key, () => ((mine = true), renderShared(req)));
        if (!page.shareable) {
          cache.delete(key);
          // Another request's own answer (its cookie, its error) is not this one's: render it again.
          if (!mine) page = await renderShared(req);
        }
        reply.code(page.status);
        for (const [name, value] of page.headers) reply.header(name, value);
        return await sendShared(req, reply, page.body);
      } catch (err) {
        if (err instanceof ServerBusy) return busy(reply);
        throw err;
      }
    }
    // The place bounds renders, not sends: it is held until the render has ended, however it ends (done, failed,
    // stopped because its client left or it ran too long), and given back before the bytes go out. A client gone
    // during the wait never renders: the wait listens to its signal and answers null.
    const closed = whenClosed(req, reply);
    const leave = await gate.enter(closed);
    // No place (or no client any more): refused.
    if (!leave) return busy(reply);
    const timeout = renderDeadline(renderTimeoutMs);
    let response: Response;
    let body: Buffer;
    try {
      if (closed.aborted) return busy(reply);
      response = await respond(req, AbortSignal.any([closed, timeout.signal]));
      // The page is rendered whole (src/web/entry.server.tsx): one buffer, one write.
      body = Buffer.from(await response.arrayBuffer());
    } catch (err) {
      if (timeout.passed() || closed.aborted) return busy(reply);
      throw err;
    } finally {
      leave();
    }
    if (timeout.passed()) return busy(reply);
    reply.code(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie') reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    return reply.send(body);
  };

  app.get('/*', render);
  app.get('/', render);
}
