/**
 * The site's service worker (/sw.js): web push and offline reading (issue 31, point 4; the worker's offline part is
 * src/server/modules/site/files/sw-offline.js). Its address carries the build's version, so a new build's worker
 * replaces the old one and drops the old build's caches.
 */

import { currentUser, onAuthChange } from '../features/auth/session.ts';

type Manifest = { __reactRouterManifest?: { version?: string } };

export function workerUrl(): string {
  const version = (window as Manifest).__reactRouterManifest?.version ?? '';
  return `/sw.js?v=${encodeURIComponent(version || 'dev')}`;
}

/** Registers (or updates) the worker; the scripts are always read anew, never from the HTTP cache. */
export const registerWorker = () =>
  navigator.serviceWorker.register(workerUrl(), { scope: '/', updateViaCache: 'none' });

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator && window.isSecureContext;

/**
 * Tells the worker whose pages these are (0: a visitor): at every load, sign-in and sign-out. It drops every other
 * reader's kept pages and keeps no answer made for another one from then on.
 */
export function announceReader(id: number | null) {
  if (supported()) navigator.serviceWorker.controller?.postMessage({ type: 'reader', reader: id ?? 0 });
}

/** This origin's build files and pictures the page has loaded. */
function loadedFiles(): string[] {
  const urls = new Set<string>();
  for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
    const url = new URL(e.name);
    const picture = e.initiatorType === 'img' || (e.initiatorType === 'link' && url.pathname.startsWith('/media/'));
    if (url.origin === location.origin && (url.pathname.startsWith('/assets/') || picture)) urls.add(url.href);
  }
  for (const img of Array.from(document.images)) if (img.currentSrc) urls.add(img.currentSrc);
  return [...urls].filter((u) => u.startsWith(location.origin + '/'));
}

/**
 * Registers the worker once the page has loaded. A page the worker did not serve (the first visit, or a new build)
 * names its own address, files and pictures, so it reads offline too.
 */
export function installOffline(reader: () => number | null) {
  if (!supported()) return;
  const controlled = !!navigator.serviceWorker.controller;
  const start = () =>
    registerWorker()
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const worker = registration.active;
        worker?.postMessage({ type: 'reader', reader: reader() ?? 0 });
        if (!controlled) worker?.postMessage({ type: 'keep', page: location.href, files: loadedFiles() });
      })
      .catch(() => {
        // No worker (a private window, a policy): the site works as before, without offline reading.
      });
  // After the load and the hydration (`html[data-ready]`, root.tsx): the reader is known by then.
  const whenHydrated = () => {
    if (document.documentElement.dataset.ready) return void start();
    const watch = new MutationObserver(() => {
      if (!document.documentElement.dataset.ready) return;
      watch.disconnect();
      void start();
    });
    watch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-ready'] });
  };
  if (document.readyState === 'complete') setTimeout(whenHydrated, 0);
  else window.addEventListener('load', () => setTimeout(whenHydrated, 0), { once: true });
}

/** Offline reading in this tab: the worker, and the reader told at every sign-in and sign-out. */
export function startOffline() {
  installOffline(() => currentUser.get()?.id ?? null);
  onAuthChange((user) => announceReader(user?.id ?? null));
}
