import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ui } from '../../../shared/catalogue.ts';
import { escapeHtml } from '../../../shared/html.ts';
import { typograph } from '../../../shared/format.ts';
import * as contracts from '../../../shared/api/site.ts';
import { BACKGROUND_COLOR, THEME_COLOR } from '../../../shared/theme.ts';
import { route } from '../../http/route.ts';

/**
 * The files a browser or a crawler asks the site root for: the icon set made from the logo
 * (`scripts/make-icons.ts` draws it from `files/icon*.svg`), the web app manifest and robots.txt.
 */
const dir = path.join(import.meta.dirname, 'files');

/** Icons have no version in their address (browsers ask for `/favicon.ico` by name): a month, then a cheap 304. */
const ICON_CACHE = 'public, max-age=2592000, stale-while-revalidate=86400';
const TEXT_CACHE = 'public, max-age=86400';

interface SiteFile {
  body: Buffer;
  type: string;
  etag: string;
}

function file(name: string, type: string): SiteFile {
  const body = fs.readFileSync(path.join(dir, name));
  return { body, type, etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
}

/** The icon files by address (`files/`), with the media types their contracts declare. */
const ICON_FILES: Record<keyof typeof contracts.ICON_TYPES, string> = {
  '/favicon.ico': 'favicon.ico',
  '/favicon.svg': 'icon.svg',
  '/favicon-32.png': 'favicon-32.png',
  '/apple-touch-icon.png': 'apple-touch-icon.png',
  '/icon-192.png': 'icon-192.png',
  '/icon-512.png': 'icon-512.png',
  '/og-image.png': 'og-image.png',
};
const icons = Object.entries(ICON_FILES).map(([url, name]) => {
  const address = url as keyof typeof ICON_FILES;
  return { contract: contracts.icon(address), file: file(name, contracts.ICON_TYPES[address]) };
});

function send(req: FastifyRequest, reply: FastifyReply, f: SiteFile, cache: string) {
  reply.header('content-type', f.type).header('cache-control', cache).header('etag', f.etag);
  if (req.headers['if-none-match'] === f.etag) return reply.code(304).send();
  return reply.send(f.body);
}

/** The web app manifest: installs the site as «Среда» with its icons (the 512 px one is safe to mask). */
export function manifest() {
  return {
    name: ui.siteName,
    short_name: ui.siteName,
    description: ui.siteTagline,
    lang: 'ru',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** The offline reading's part of the service worker (files/sw-offline.js): new with every build, never cached. */
const offlineWorker = fs.readFileSync(path.join(dir, 'sw-offline.js'), 'utf8');

/**
 * What the service worker shows offline for a page it has not kept: plain HTML, its styles inline, no script; its
 * links go to the main feed and (the empty address) this same page again.
 */
export function offlinePage() {
  const t = ui.offline;
  return (
    `<!doctype html><html lang="ru"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="theme-color" content="${THEME_COLOR}"><meta name="robots" content="noindex">` +
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="manifest" href="/manifest.webmanifest">` +
    `<title>${escapeHtml(t.title)} — ${escapeHtml(ui.siteName)}</title>` +
    `<style>body{margin:0;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:${BACKGROUND_COLOR};` +
    `color:#1f2329}main{box-sizing:border-box;width:calc(100% - 32px);max-width:560px;margin:15vh auto 0;` +
    `padding:32px 24px;background:#fff;border-radius:16px;` +
    `text-align:center}h1{font-size:22px;margin:16px 0 8px}p{margin:0 0 24px;color:#595e66}a{display:inline-block;` +
    `margin:4px;padding:10px 18px;border-radius:10px;text-decoration:none;font-weight:500}` +
    `.main{background:${THEME_COLOR};color:#fff}.again{background:#e8eaee;color:#1f2329}</style></head>` +
    `<body><main data-offline="1"><img src="/favicon.svg" width="48" height="48" alt="">` +
    `<h1>${escapeHtml(typograph(t.title))}</h1><p>${escapeHtml(typograph(t.text))}</p>` +
    `<a class="main" href="/">${escapeHtml(t.toMain)}</a><a class="again" href="">${escapeHtml(t.retry)}</a>` +
    `</main></body></html>`
  );
}

/** Crawlers skip the API and the pages of one signed-in reader; the sitemap is named by its absolute address. */
export function robots(publicUrl: string) {
  return [
    'User-agent: *',
    'Disallow: /v3.0/',
    'Disallow: /admin',
    'Disallow: /settings',
    'Disallow: /u/me/settings',
    'Disallow: /drafts',
    'Disallow: /bookmarks',
    'Disallow: /notifications',
    'Disallow: /writing',
    'Disallow: /messenger',
    'Disallow: /donations',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export const siteRoutes = [
  ...icons.map(({ contract, file: f }) =>
    route.implement(contract, {
      // No limit: a static file the browser fetches on its own.
      rateLimit: 'none',
      handler: ({ req, reply }) => send(req, reply, f, ICON_CACHE),
    }),
  ),
  route.implement(contracts.manifest, {
    // No limit: a static file the browser fetches on its own.
    rateLimit: 'none',
    handler: ({ reply }) =>
      reply
        .header('content-type', 'application/manifest+json; charset=utf-8')
        .header('cache-control', TEXT_CACHE)
        .send(JSON.stringify(manifest())),
  }),
  route.implement(contracts.offlineWorker, {
    // No limit: a static file the service worker fetches on its own.
    rateLimit: 'none',
    handler: ({ reply }) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(offlineWorker),
  }),
  route.implement(contracts.offlinePage, {
    // No limit: a static page the service worker keeps once per build.
    rateLimit: 'none',
    handler: ({ reply }) =>
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(offlinePage()),
  }),
  route.implement(contracts.robots, {
    // No limit: a static file the browser fetches on its own.
    rateLimit: 'none',
    handler: ({ ctx, reply }) =>
      reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', TEXT_CACHE)
        .send(robots(ctx.config.publicUrl)),
  }),
];
