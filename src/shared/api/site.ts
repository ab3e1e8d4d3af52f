import { z } from 'zod';
import { contract } from './contract.ts';

/** The files a browser or a crawler asks the site root for (root routes, not under /v3.0). */

/** A cache-busting query (`/favicon.ico?v=2`) is harmless here: any is taken and ignored. */
const anyQuery = z.record(z.string(), z.unknown());

/** The icons by address, with their media types: the icon set made from the logo, and the link preview's picture. */
export const ICON_TYPES = {
  '/favicon.ico': 'image/x-icon',
  '/favicon.svg': 'image/svg+xml',
  '/favicon-32.png': 'image/png',
  '/apple-touch-icon.png': 'image/png',
  '/icon-192.png': 'image/png',
  '/icon-512.png': 'image/png',
  // What link previews show for a page without a picture of its own (1200×630).
  '/og-image.png': 'image/png',
} as const;

/** One icon, cached for a month, then a cheap 304 by its ETag. */
export const icon = <P extends keyof typeof ICON_TYPES>(path: P) =>
  contract({
    method: 'GET',
    path,
    access: 'anyone',
    query: anyQuery,
    raw: { type: ICON_TYPES[path], description: 'The icon, with an ETag (304 when unchanged)' },
  });

/** The web app manifest: installs the site as «Среда» with its icons. */
export const manifest = contract({
  method: 'GET',
  path: '/manifest.webmanifest',
  access: 'anyone',
  query: anyQuery,
  raw: { type: 'application/manifest+json; charset=utf-8', description: 'The web app manifest' },
});

/** Crawlers skip the API and the pages of one signed-in reader; the sitemap is named by its absolute address. */
export const robots = contract({
  method: 'GET',
  path: '/robots.txt',
  access: 'anyone',
  query: anyQuery,
  raw: { type: 'text/plain; charset=utf-8', description: 'The rules for crawlers and the sitemap address' },
});

/** The offline reading's part of the service worker (/sw.js imports it), with the build's version in its address. */
export const offlineWorker = contract({
  method: 'GET',
  path: '/sw-offline.js',
  access: 'anyone',
  query: anyQuery,
  raw: {
    type: 'text/javascript; charset=utf-8',
    description: 'Offline reading: keeps the shell, the last feed page and the opened entries for the reader',
  },
});

/** What the service worker shows offline for a page it has not kept. */
export const offlinePage = contract({
  method: 'GET',
  path: '/offline.html',
  access: 'anyone',
  query: anyQuery,
  raw: { type: 'text/html; charset=utf-8', description: 'The offline page (Russian), kept by the service worker' },
});
