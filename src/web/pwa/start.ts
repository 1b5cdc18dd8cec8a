// The installable app's screens, loaded only when needed (boot.ts): the offline
// banner, sending the calls queued offline when the connection returns, and the
// "Update available" prompt for a new version.
import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../lib/toast';
import { flushQueue } from './queue';

export const OFFLINE_TEXT = 'You are offline';

function offlineBanner() {
  const banner = document.createElement('div');
  banner.setAttribute('role', 'status');
  banner.dataset.testid = 'offline-banner';
  banner.className =
    'fixed inset-x-3 bottom-3 z-50 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 shadow-lg sm:right-auto sm:left-4 sm:max-w-md dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50';
  const title = document.createElement('strong');
  title.textContent = `${OFFLINE_TEXT}.`;
  banner.append(
    title,
    ' Showing the stories loaded last; read and save actions are sent when the connection returns.',
  );
  return banner;
}

/** Shows the banner while offline; sends the queued calls now and whenever the connection returns. */
export function watchConnection(queryClient: QueryClient) {
  const banner = offlineBanner();
  const update = () => {
    if (navigator.onLine) banner.remove();
    else if (!banner.isConnected) document.body.append(banner);
  };
  const flush = async () => {
    if ((await flushQueue()) > 0) await queryClient.invalidateQueries({ queryKey: ['news'] });
  };
  addEventListener('offline', update);
  addEventListener('online', () => {
    update();
    void flush();
  });
  update();
  if (navigator.onLine) void flush();
}

/** The prompt; Reload lets the waiting worker take over, and the page reloads into it. */
function offerUpdate(worker: ServiceWorker) {
  toast.message('Update available', {
    id: 'app-update',
    description: 'A new version of AstroDash is ready.',
    duration: Infinity,
    // A worker's postMessage takes a transfer list, not a target origin.
    action: { label: 'Reload', onClick: () => worker.postMessage({ type: 'SKIP_WAITING' }, []) },
  });
}

/**
 * For a page already controlled by a worker: offers the new version once it is installed.
 */
export function watchUpdates(registration: ServiceWorkerRegistration) {
  if (registration.waiting) offerUpdate(registration.waiting);
  const installing = registration.installing;
  installing?.addEventListener('statechange', () => {
    if (installing.state === 'installed') offerUpdate(installing);
  });
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) return;
    reloading = true;
    location.reload();
  });
}
