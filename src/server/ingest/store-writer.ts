// Where ingestion's SQLite writes run: on a thread of their own (store-thread.ts)
// with its own connection, so the thread that serves API calls only reads
// during a refresh. Measured on the 1,000-feed refresh: the list call's p99
// went from 29–36 ms to 15–19 ms. Two connections now write, so every
// transaction begins IMMEDIATE (database.ts); a write of the server's own (a
// user's action) waits at most for one write batch of this thread.
//
// PostgreSQL stays on the main thread: its writes are network round trips that
// do not hold the event loop. INGEST_WORKERS=0 keeps everything inline too.
import { Worker } from 'node:worker_threads';
import { randomUUID } from 'node:crypto';
import { sqliteFileOf, type DB } from '../db/database';
import { threadEntry } from '../thread-entry';
import {
  fromJobError,
  unpack,
  type FetchJobOutput,
  type JobError,
  type PackedOutput,
} from './fetch-job';
import { storeFetched, type StoreSettings } from './store/store-fetched';

export interface StoreRequest {
  id: number;
  file: string;
  /** Names the server's database instance: one reopened on the same path (a restore) is another. */
  instance: string;
  output: FetchJobOutput | PackedOutput;
  settings: StoreSettings;
}

export type StoreReply =
  { id: number; ok: true; added: number } | { id: number; ok: false; error: JobError };

interface Pending {
  resolve: (added: number) => void;
  reject: (err: Error) => void;
}

interface StoreThread {
  worker: Worker;
  pending: Map<number, Pending>;
  idle?: NodeJS.Timeout;
}

let thread: StoreThread | null = null;
let nextId = 0;
/** An idle store thread ends after this long, as idle ingest workers do (worker-pool.ts). */
let idleMs = 60_000;

/** Tests: a shorter idle time. */
export function setStoreThreadIdleMs(ms: number): void {
  idleMs = ms;
}

/** Whether a store thread is running, for tests and diagnostics. */
export const storeThreadRunning = (): boolean => thread !== null;

function storeThread(): StoreThread {
  if (thread) return thread;
  // A small young generation, as for the ingest workers (worker-pool.ts): this
  // thread's footprint stays near its live data.
  const worker = new Worker(threadEntry('store-thread', import.meta.url), {
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  });
  const current: StoreThread = { worker, pending: new Map() };
  const { pending } = current;
  worker.on('message', (reply: StoreReply) => {
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    if (pending.size === 0) goIdle(current);
    if (reply.ok) call.resolve(reply.added);
    else call.reject(fromJobError(reply.error));
  });
  // Should the thread die, what it held fails (those sources retry on their
  // next poll) and the next write starts a new one.
  const fail = (err: Error) => {
    if (thread === current) thread = null;
    for (const call of pending.values()) call.reject(err);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('the store thread exited')));
  goIdle(current);
  thread = current;
  return current;
}

/** No write pending: the thread does not keep the process alive, and ends unless one comes. */
function goIdle(current: StoreThread): void {
  current.worker.unref();
  current.idle = setTimeout(() => void retire(current), idleMs).unref();
}

/**
 * Ends a store thread once it has finished the writes it was given (it closes
 * its connections first); a write asked for meanwhile starts a new thread.
 */
async function retire(closing: StoreThread): Promise<void> {
  clearTimeout(closing.idle);
  if (thread === closing) thread = null;
  const exited = new Promise((resolve) => closing.worker.once('exit', resolve));
  closing.worker.postMessage('close', []);
  await exited;
}

/**
 * Starts the store thread ahead of a refresh's first write, so its start-up
 * overlaps the first fetches instead of holding their results.
 */
export function prepareStoreThread(db: DB): void {
  if (sqliteFileOf(db)) storeThread();
}

/** Names each database instance for the thread's connection cache. */
const instances = new WeakMap<DB, string>();
function instanceOf(db: DB): string {
  let id = instances.get(db);
  if (!id) instances.set(db, (id = randomUUID()));
  return id;
}

/**
 * Stores one fetch's output; answers the number of new items. On the store
 * thread for a SQLite file when ingestion uses worker threads, here otherwise.
 */
export function storeFetchOutput(
  db: DB,
  output: FetchJobOutput | PackedOutput,
  settings: StoreSettings,
  { offThread }: { offThread: boolean },
): Promise<number> {
  const file = offThread ? sqliteFileOf(db) : null;
  if (!file) return storeFetched(db, unpack(output), settings);
  const { worker, pending, idle } = storeThread();
  clearTimeout(idle);
  const id = nextId++;
  return new Promise<number>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.ref(); // a write is pending: the process waits for it
    worker.postMessage(
      {
        id,
        file,
        instance: instanceOf(db),
        output,
        settings,
      } satisfies StoreRequest,
      'packed' in output ? [output.packed.buffer] : [],
    );
  });
}

/** Lets the store thread finish the writes it was given and close its connections (shutdown). */
export async function closeStoreThread(): Promise<void> {
  if (thread) await retire(thread);
}
