/*
 * Offline reading (issue 31, point 4): imported by the service worker /sw.js, served as /sw-offline.js.
 *
 * What it keeps, per build (`?v=` of the worker's address, the build's manifest version) so a new build starts clean:
 * - the shell: the build's files (/assets/…, kept as they are fetched, and those the first page loaded before the
 *   worker ran, which the page names), the icons, the manifest and the offline page;
 * - pages: every entry the reader opened and the last feed page, each as its HTML (a reload) and its `.data` (a
 *   client navigation): whichever of the two the reader fetched, the worker fetches the other beside it;
 * - pictures of this site (its /media and icons), as they are shown.
 * Pages are kept for one reader only: every page answer names its reader (`x-sreda-reader`, 0 for a visitor), the
 * pages' cache is named after them, and an answer for anyone else drops it before a page of theirs is kept. The page
 * also says so at sign-in and sign-out (`reader` message). So a page of account A is never served to B.
 * Online, pages come from the network; offline, a kept page, else the offline page (a reload) or a failed fetch (a
 * client navigation, whose retry notice stays up: src/web/lib/navigation.ts).
 */
const BUILD = new URL(self.location.href).searchParams.get('v') || 'dev';
const PREFIX = 'sreda-';
const SHELL = `${PREFIX}shell-${BUILD}`;
const PICTURES = `${PREFIX}pictures-${BUILD}`;
const PAGES = `${PREFIX}pages-${BUILD}-`;
const OFFLINE_PAGE = '/offline.html';
const SHELL_FILES = [OFFLINE_PAGE, '/manifest.webmanifest', '/favicon.svg', '/icon-192.png', '/icon-512.png'];
const MAX_ENTRIES = 200;
const MAX_PICTURES = 600;
const READER_HEADER = 'x-sreda-reader';

/** `/m` and `/m-{suffix}` serve the same pages in the mobile layout. */
const MOBILE = '(?:/m(?:-[a-z0-9-]+)?)?';
const ENTRY = new RegExp(`^${MOBILE}/[us]/[^/]+/\\d[^/]*/?$`);
const FEED = new RegExp(`^${MOBILE}(?:/all|/popular|/new|/all/new|/my/new|/top/[^/]+|/all/top/[^/]+)?/?$`);

/** A page's own path from its `.data` address (React Router's): `/_.data` is `/`, `/m.data` is `/m`. */
function pagePath(dataPath) {
  const path = dataPath.slice(0, -'.data'.length);
  return path.endsWith('/_') ? path.slice(0, -1) : path;
}
const dataPath = (path) => (path.endsWith('/') ? `${path}_.data` : `${path}.data`);

/** What a kept page is: 'entry', 'feed' or null (not kept). */
function kindOf(path) {
  if (ENTRY.test(path)) return 'entry';
  if (FEED.test(path)) return 'feed';
  return null;
}

/** A `.data` address without the router's `_routes` (a part of the page's data): the whole data is kept. */
function wholeData(url) {
  const u = new URL(url);
  u.searchParams.delete('_routes');
  u.hash = '';
  return u;
}

/** The page and data addresses of a page, the key of both in the pages' cache. */
function twins(pageUrl) {
  const page = new URL(pageUrl);
  page.hash = '';
  const data = new URL(page);
  data.pathname = dataPath(page.pathname);
  return { page: page.href, data: data.href };
}

/** The reader the pages last said they show (they say it at every load, sign-in and sign-out); lost on a restart. */
let announced = null;

/** The pages' cache: the announced reader's, else the one there is (at most one is kept). */
async function pagesCacheName() {
  if (announced !== null) return PAGES + announced;
  const names = await caches.keys();
  return names.find((n) => n.startsWith(PAGES)) || null;
}

/** Drops every reader's pages but `reader`'s. */
async function keepOnlyReader(reader) {
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(PAGES) && n !== PAGES + reader).map((n) => caches.delete(n)));
}

/** Trims a cache to its newest `max` keys (keys come oldest first). */
async function trim(cache, max, filter = () => true) {
  const keys = (await cache.keys()).filter((r) => filter(new URL(r.url).pathname));
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((r) => cache.delete(r)));
}

/** Keeps one answer of a page (its HTML or data) for the reader it names; the last feed page replaces the one before. */
async function keepPage(key, response) {
  const reader = response.headers.get(READER_HEADER);
  if (response.status !== 200 || !reader || !/^\d+$/.test(reader)) return false;
  // An answer fetched for the reader before a sign-in or sign-out is not kept for the one after.
  if (announced !== null && reader !== announced) return false;
  await keepOnlyReader(reader);
  const cache = await caches.open(PAGES + reader);
  const path = new URL(key).pathname;
  const own = pagePath(path.endsWith('.data') ? path : dataPath(path));
  const kind = kindOf(path.endsWith('.data') ? pagePath(path) : path);
  if (kind === 'feed') {
    // One feed page: the others (their HTML and data) go.
    const others = (await cache.keys()).filter((r) => {
      const p = new URL(r.url).pathname;
      const page = p.endsWith('.data') ? pagePath(p) : p;
      return kindOf(page) === 'feed' && page !== own;
    });
    await Promise.all(others.map((r) => cache.delete(r)));
  }
  await cache.put(key, response);
  if (kind === 'entry')
    await trim(cache, MAX_ENTRIES * 2, (p) => kindOf(p.endsWith('.data') ? pagePath(p) : p) === 'entry');
  return true;
}

/** Fetches and keeps the twin (HTML or data) of a kept page unless it is kept already. */
async function keepTwin(url) {
  try {
    const name = await pagesCacheName();
    if (name && (await (await caches.open(name)).match(url))) return true;
    const response = await fetch(url, {
      credentials: 'same-origin',
      headers: url.endsWith('.data') ? {} : { accept: 'text/html' },
    });
    return await keepPage(url, response);
  } catch {
    // Offline or refused: kept next time.
    return false;
  }
}

async function fromPages(url) {
  const name = await pagesCacheName();
  return name ? (await caches.open(name)).match(url) : undefined;
}

async function navigate(event) {
  const request = event.request;
  const url = new URL(request.url);
  const kind = kindOf(url.pathname);
  try {
    const response = await fetch(request);
    // A page loaded whole is made for whoever the browser's cookies name now: that reader's pages are the ones kept.
    const reader = response.headers.get(READER_HEADER);
    if (reader && /^\d+$/.test(reader) && reader !== announced) {
      announced = reader;
      event.waitUntil(keepOnlyReader(reader));
    }
    if (kind && response.status === 200) {
      const { page, data } = twins(request.url);
      const copy = response.clone();
      event.waitUntil(keepPage(page, copy).then((kept) => kept && keepTwin(data)));
    }
    return response;
  } catch (err) {
    const kept = kind ? await fromPages(twins(request.url).page) : undefined;
    if (kept) return kept;
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: SHELL });
    if (offline) return offline;
    throw err;
  }
}

async function pageData(event) {
  const request = event.request;
  const key = wholeData(request.url).href;
  const kind = kindOf(pagePath(new URL(request.url).pathname));
  try {
    const response = await fetch(request);
    if (kind && response.status === 200) {
      const page = new URL(key);
      page.pathname = pagePath(page.pathname);
      // A part of the page's data (`_routes`) is not what a navigation from elsewhere needs: the whole is fetched.
      const whole = !new URL(request.url).searchParams.has('_routes');
      const copy = whole ? response.clone() : null;
      event.waitUntil(
        (async () => {
          if (copy ? await keepPage(key, copy) : await keepTwin(key)) await keepTwin(page.href);
        })(),
      );
    }
    return response;
  } catch (err) {
    const kept = kind ? await fromPages(key) : undefined;
    if (kept) return kept;
    throw err;
  }
}

/** The build's files never change under one address: the kept copy first. */
async function shellFile(request) {
  const cache = await caches.open(SHELL);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.status === 200) await cache.put(request, response.clone());
  return response;
}

/** Pictures: the network first (a changed avatar shows), the kept copy offline. */
async function picture(request) {
  try {
    const response = await fetch(request);
    if (response.status === 200) {
      const cache = await caches.open(PICTURES);
      await cache.put(request, response.clone());
      void trim(cache, MAX_PICTURES);
    }
    return response;
  } catch (err) {
    const kept = await caches.match(request, { cacheName: PICTURES });
    if (kept) return kept;
    throw err;
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(SHELL_FILES))
      .catch(() => {}),
  );
});

self.addEventListener('activate', (event) => {
  // Another build's caches go (their pages name files this build has not).
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith(PREFIX) && !n.includes(`-${BUILD}`)).map((n) => caches.delete(n))),
      ),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') return event.respondWith(navigate(event));
  if (url.pathname.endsWith('.data')) return event.respondWith(pageData(event));
  if (url.pathname.endsWith('/__manifest')) return event.respondWith(shellFile(request));
  if (url.pathname.startsWith('/assets/') || SHELL_FILES.includes(url.pathname))
    return event.respondWith(shellFile(request));
  if (request.destination === 'image' && !url.pathname.startsWith('/v3.0/')) return event.respondWith(picture(request));
});

self.addEventListener('message', (event) => {
  const message = event.data || {};
  // Signed in or out: no page of the reader before is kept (nor served) any more.
  if (message.type === 'reader' && /^\d+$/.test(String(message.reader))) {
    announced = String(message.reader);
    event.waitUntil(keepOnlyReader(announced));
  }
  // The first page, loaded before the worker ran: its files, pictures and the page itself.
  if (message.type === 'keep') {
    const files = (message.files || []).filter(
      (u) => typeof u === 'string' && new URL(u).origin === self.location.origin,
    );
    event.waitUntil(
      (async () => {
        const shell = await caches.open(SHELL);
        const pictures = await caches.open(PICTURES);
        await Promise.all(
          files.map((u) => (new URL(u).pathname.startsWith('/assets/') ? shell : pictures).add(u).catch(() => {})),
        );
        if (typeof message.page === 'string' && kindOf(new URL(message.page).pathname)) {
          const { page, data } = twins(message.page);
          await Promise.all([keepTwin(page), keepTwin(data)]);
        }
      })(),
    );
  }
});
