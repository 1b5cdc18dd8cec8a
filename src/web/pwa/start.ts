// The installable app in the page, loaded after first paint (main.tsx): registers
// the service worker, offers a waiting new version, shows the offline banner and
// sends the read/save calls queued offline when the connection returns.
import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { User } from '../../shared/types';
import { claimPrivateData } from './private-data';
import { flushQueue } from './queue';

export const OFFLINE_TEXT = 'You are offline';

/** The "Update available" prompt; Reload lets the waiting worker take over (then the page reloads). */
function offerUpdate(worker: ServiceWorker) {
  toast('Update available', {
    id: 'app-update',
    description: 'A new version of AstroDash is ready.',
    duration: Infinity,
    // A worker's postMessage takes a transfer list, not a target origin.
    action: { label: 'Reload', onClick: () => worker.postMessage({ type: 'SKIP_WAITING' }, []) },
  });
}

async function register() {
  const sw = navigator.serviceWorker;
  // The first install takes control without a reload; only a later version does reload.
  let controlled = Boolean(sw.controller);
  const registration = await sw.register('/sw.js', { scope: '/' });

  if (registration.waiting && controlled) offerUpdate(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && sw.controller) offerUpdate(worker);
    });
  });
  let reloading = false;
  sw.addEventListener('controllerchange', () => {
    if (!controlled || reloading) {
      controlled = true;
      return;
    }
    reloading = true;
    location.reload();
  });
}

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

function watchConnection(queryClient: QueryClient) {
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

function claim(user: User | null | undefined) {
  if (user) void claimPrivateData(user.id);
}

/** Cached answers and queued calls belong to the user signed in now (private-data.ts). */
function watchUser(queryClient: QueryClient) {
  claim(queryClient.getQueryData<User | null>(['session']));
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.query.queryKey[0] === 'session') {
      claim(event.query.state.data as User | null | undefined);
    }
  });
}

/** `worker`: register the service worker (production builds; `vite dev` serves none). */
export function startPwa(queryClient: QueryClient, worker: boolean) {
  watchUser(queryClient);
  watchConnection(queryClient);
  if (worker && 'serviceWorker' in navigator) {
    register().catch((e: unknown) => console.error('Service worker registration failed', e));
  }
}
