// The installable app's part of the first load, kept tiny (the dashboard's script
// budget): registers the service worker after first paint, and loads the rest
// (start.ts) only when it has work: offline, calls queued, or a new version waiting.
import type { QueryClient } from '@tanstack/react-query';
import { QUEUE_KEY, QUEUED_EVENT } from './private-data';

export function bootPwa(queryClient: QueryClient, worker: boolean) {
  let started = false;
  const startConnection = () => {
    if (started) return;
    started = true;
    void import('./start').then((pwa) => pwa.watchConnection(queryClient));
  };
  addEventListener('offline', startConnection);
  addEventListener(QUEUED_EVENT, startConnection);
  let queued = false;
  try {
    queued = (localStorage.getItem(QUEUE_KEY) ?? '[]') !== '[]';
  } catch {
    /* storage disabled: nothing queued */
  }
  if (!navigator.onLine || queued) startConnection();

  if (!worker || !('serviceWorker' in navigator)) return;
  // A first install needs no prompt (and takes control without a reload).
  const controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(
    (registration) => {
      if (!controlled) return;
      const offer = () => void import('./start').then((pwa) => pwa.watchUpdates(registration));
      if (registration.waiting) offer();
      else registration.addEventListener('updatefound', offer, { once: true });
    },
    (e: unknown) => console.error('Service worker registration failed', e),
  );
}
