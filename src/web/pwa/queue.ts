// Read and save calls made offline wait here (localStorage, so they survive a
// reload) and are sent, in order, when the connection returns.
import { api, ApiError } from '../lib/api';
import { QUEUE_KEY, QUEUED_EVENT } from './private-data';

export type QueuedCall =
  | { path: '/_api/news/mark-read'; body: { itemIds: string[]; read: boolean } }
  | { path: '/_api/news/save'; body: { itemId: string; saved: boolean } };

/** Enough for a long offline read; past it the oldest calls are dropped. */
export const QUEUE_LIMIT = 500;

export interface QueueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function readQueue(store: QueueStore = localStorage): QueuedCall[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(QUEUE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as QueuedCall[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(calls: QueuedCall[], store: QueueStore) {
  store.setItem(QUEUE_KEY, JSON.stringify(calls.slice(-QUEUE_LIMIT)));
}

/** Adds a call; a later save of the same item replaces the earlier one. */
export function enqueue(call: QueuedCall, store: QueueStore = localStorage) {
  const calls = readQueue(store).filter(
    (c) =>
      !(
        call.path === '/_api/news/save' &&
        c.path === '/_api/news/save' &&
        c.body.itemId === call.body.itemId
      ),
  );
  calls.push(call);
  writeQueue(calls, store);
  // Wakes boot.ts, which loads the sender (start.ts) if it is not running yet.
  globalThis.dispatchEvent?.(new Event(QUEUED_EVENT));
}

/** A failure to reach the server at all (offline, connection lost), not an answer from it. */
const unreachable = (e: unknown) => e instanceof TypeError;

export type Send = (call: QueuedCall) => Promise<unknown>;
const post: Send = (call) => api.post(call.path, call.body);

/**
 * Sends a read or save call now, or queues it when the browser is offline or the
 * server cannot be reached. Answers from the server (4xx, 5xx) are thrown as usual.
 */
export async function sendOrQueue(
  call: QueuedCall,
  send: Send = post,
  store: QueueStore = localStorage,
): Promise<'sent' | 'queued'> {
  if (navigator.onLine) {
    try {
      await send(call);
      return 'sent';
    } catch (e) {
      if (!unreachable(e)) throw e;
    }
  }
  enqueue(call, store);
  return 'queued';
}

let flushing: Promise<number> | undefined;

/**
 * Sends the queued calls in order and returns how many reached the server. Stops
 * (keeping the rest) when the server cannot be reached or fails (5xx); a call the
 * server refuses (4xx: an item gone, a session ended) is dropped, as it never can succeed.
 */
export function flushQueue(send: Send = post, store: QueueStore = localStorage): Promise<number> {
  flushing ??= (async () => {
    let sent = 0;
    try {
      for (let calls = readQueue(store); calls.length > 0; calls = readQueue(store)) {
        try {
          await send(calls[0]);
          sent++;
        } catch (e) {
          const refused = e instanceof ApiError && e.status >= 400 && e.status < 500;
          if (!refused) break;
          console.error(`Queued ${calls[0].path} refused: ${e.message}`);
        }
        // Re-read: a call queued while this one was in flight stays behind it.
        const rest = readQueue(store);
        if (JSON.stringify(rest[0]) === JSON.stringify(calls[0])) writeQueue(rest.slice(1), store);
      }
    } finally {
      flushing = undefined;
    }
    return sent;
  })();
  return flushing;
}
