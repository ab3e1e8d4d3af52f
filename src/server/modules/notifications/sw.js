/*
 * Sreda's service worker, served as /sw.js?v={build}: shows web push notifications and opens their link on click;
 * offline reading is its imported part (/sw-offline.js, src/server/modules/site/files/sw-offline.js).
 */
importScripts('/sw-offline.js' + self.location.search);
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Среда';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      tag: data.tag,
      icon: data.icon,
      lang: 'ru',
      data: { url: data.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(
    event.notification.data && event.notification.data.url ? event.notification.data.url : '/',
    self.location.origin,
  );
  // Only our own pages: a payload cannot send the reader elsewhere.
  const target = url.origin === self.location.origin ? url.href : self.location.origin + '/';
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of open) {
        if (client.url === target && 'focus' in client) return client.focus();
      }
      return self.clients.openWindow(target);
    })(),
  );
});
