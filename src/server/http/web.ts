import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import type { AppContextValue } from '../../shared/pages/index.ts';
import type { createContext } from 'react-router';
import { messages } from '../../shared/catalogue.ts';
import { presentCurrentUser } from '../modules/users/service.ts';
import { pageServices } from './page-services.ts';
import { hubOf } from '../modules/realtime/hub.ts';

export interface WebOptions {
  buildDir: string;
}

type BuildWithContext = ServerBuild & {
  entry: { module: { appContext: ReturnType<typeof createContext<AppContextValue>> } };
};

/** Serves the React Router build: hashed assets from disk, every other GET through the SSR handler. */
export async function registerWeb(app: FastifyInstance, opts: WebOptions) {
  const build = (await import(pathToFileURL(path.join(opts.buildDir, 'server', 'index.js')).href)) as BuildWithContext;
  const handler = createRequestHandler(build, 'production');
  const appContext = build.entry.module.appContext;
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

  const render = async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.url.startsWith('/v3.0')) {
      return reply.code(404).send({ rc: 404, rm: messages.methodNotFound, data: {} });
    }
    const ctx = app.ctx;
    const context = new RouterContextProvider();
    context.set(appContext, {
      user: req.user ? await presentCurrentUser(ctx, req.user) : null,
      services: pageServices(ctx, req.user),
      publicUrl: ctx.config.publicUrl,
      mediaBaseUrl: ctx.config.mediaBaseUrl,
    });
    const controller = new AbortController();
    reply.raw.on('close', () => controller.abort());
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
      else if (value !== undefined) headers.set(key, value);
    }
    const url = new URL(req.url, `${req.protocol}://${req.host}`);
    const response = await handler(
      new Request(url, { method: req.method, headers, signal: controller.signal }),
      context,
    );
    reply.code(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie') reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    return reply.send(response.body ? Readable.fromWeb(response.body as never) : null);
  };

  app.get('/*', render);
  app.get('/', render);
}
