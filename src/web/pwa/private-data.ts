// What the installable app keeps of a signed-in user's data in this browser: the
// service worker's cache of API answers and the read/save calls queued offline.
// Both belong to one user: cleared on sign-out and when someone else signs in.

/** The Workbox runtime cache of GET /_api/ answers (scripts/pwa.ts). */
export const API_CACHE = 'astrodash-api';
export const QUEUE_KEY = 'astrodash:offline-queue';
/** Dispatched on window when queue.ts keeps a call for later (boot.ts listens). */
export const QUEUED_EVENT = 'astrodash:queued';
const OWNER_KEY = 'astrodash:offline-owner';

export async function clearPrivateData() {
  try {
    localStorage.removeItem(QUEUE_KEY);
    localStorage.removeItem(OWNER_KEY);
  } catch {
    /* storage disabled: nothing was kept */
  }
  if ('caches' in globalThis) await caches.delete(API_CACHE);
}

/** Called with the signed-in user: another user's cached answers and queue go first. */
export async function claimPrivateData(userId: number) {
  let owner: string | null = null;
  try {
    owner = localStorage.getItem(OWNER_KEY);
  } catch {
    return;
  }
  if (owner === String(userId)) return;
  await clearPrivateData();
  localStorage.setItem(OWNER_KEY, String(userId));
}
