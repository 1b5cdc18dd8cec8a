// Web push for the installed app (issue 30), imported by the Workbox service
// worker (scripts/pwa.ts). The server's message is JSON {title, body, url, tag};
// a later message with the same tag replaces the earlier one on the device (a
// launch's "moved" notice). A click opens the link in AstroDash's own window.
/* eslint-env serviceworker */
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'AstroDash';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      renotify: typeof message.tag === 'string',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: typeof message.url === 'string' ? message.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Only a page of this site: the path and query of the link, on our own origin.
  let target = '/';
  try {
    const url = new URL(
      event.notification.data && event.notification.data.url,
      self.location.origin,
    );
    target = url.pathname + url.search;
  } catch {
    /* keep the dashboard */
  }
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
          await client.focus();
          if ('navigate' in client) return client.navigate(target);
          return undefined;
        }
      }
      return self.clients.openWindow(target);
    })(),
  );
});
