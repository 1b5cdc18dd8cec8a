// The main thread's side of ingestion: it hands each source to an ingestion
// thread (ingest-thread.ts) and hears back its outcome, one message each way;
// fetching, parsing, storing and recording all happen there. INGEST_WORKERS
// threads per database, each owning whole hosts (a source goes to the thread
// its host hashes to), so each host's limit in the HTTP client still holds.
//
// The watchdog: a thread whose heartbeat stops for longer than one fetch's
// timeout (10 s at least) is stuck in synchronous code (a parser on a hostile document). It is
// ended; the source whose work it was running fails as "took too long", the
// others it held as "interrupted" (recorded here, on the server's connection),
// and the next source starts a fresh thread. So does a thread that dies.
import { Worker } from 'node:worker_threads';
import type { Config } from '../config';
import { databaseOptionsOf, type DB } from '../db/database';
import { threadEntry } from '../thread-entry';
import { INTERRUPTED, TOO_LONG, type SourceOutcome } from './ingest-source';
import type { IngestReply, IngestRequest, ThreadData } from './ingest-thread';
import { recordOutcome } from './store/store';
import type { FetchableSource } from './store/repository';

interface Pending {
  source: FetchableSource;
  now: number;
  resolve: (outcome: SourceOutcome) => void;
}

interface IngestThread {
  worker: Worker;
  beat: BigInt64Array<SharedArrayBuffer>;
  pending: Map<number, Pending>;
  watchdog?: NodeJS.Timeout;
  idle?: NodeJS.Timeout;
  /** Set once the thread is ended or exited: it takes no more sources. */
  gone?: boolean;
}

interface Threads {
  config: Config;
  db: DB;
  slots: (IngestThread | null)[];
}

const byDatabase = new Map<DB, Threads>();
let nextId = 0;

/** An idle thread ends after this long, and starts again with the next source. */
let idleMs = 60_000;
/** Tests: a shorter idle time. */
export function setIngestThreadIdleMs(ms: number): void {
  idleMs = ms;
}

/** Tests: how long a thread may go without a heartbeat (FETCH_TIMEOUT_MS otherwise). */
let stallOverrideMs: number | null = null;
export function setIngestStallMs(ms: number | null): void {
  stallOverrideMs = ms;
}

const WATCHDOG_MS = 100;
/**
 * A thread may go this long without a heartbeat at least, however short the fetch timeout:
 * on a loaded machine a healthy thread can miss its beat for seconds (start-up, GC, no CPU).
 */
const MIN_STALL_MS = 10_000;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/** Which thread a source goes to: the same for every source of one host. */
function slotOf(url: string, slots: number): number {
  let hash = 0;
  for (const ch of hostOf(url)) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return Math.abs(hash) % slots;
}

/**
 * Whether ingestion for this database runs on threads: INGEST_WORKERS > 0 and
 * a database another connection can open (not an in-memory one).
 */
export const ingestsOnThreads = (config: Config, db: DB): boolean =>
  config.ingest.workers > 0 && databaseOptionsOf(db) !== null;

function start(group: Threads, slot: number): IngestThread {
  const beat = new BigInt64Array(new SharedArrayBuffer(16));
  const data: ThreadData = {
    config: group.config,
    database: databaseOptionsOf(group.db)!,
    beat,
  };
  const worker = new Worker(threadEntry('ingest-thread', import.meta.url), {
    workerData: data,
    // A 16 MB young generation: a smaller one spent much of the thread's CPU in scavenges,
    // and this one holds no more memory (bench/README.md has the figures); the old
    // generation's limit (INGEST_WORKER_HEAP_MB) mostly sets how far V8 lets the heap
    // grow between full collections.
    resourceLimits: {
      maxYoungGenerationSizeMb: 16,
      maxOldGenerationSizeMb: group.config.ingest.workerHeapMb,
    },
  });
  const thread: IngestThread = { worker, beat, pending: new Map() };
  worker.on('message', ({ id, outcome }: IngestReply) => {
    const call = thread.pending.get(id);
    if (!call) return;
    thread.pending.delete(id);
    if (thread.pending.size === 0) goIdle(group, slot, thread);
    call.resolve(outcome);
  });
  // A thread that dies (its heap limit, a bug) fails what it held; the next source starts another.
  worker.on('error', () => void fail(group, slot, thread, null));
  worker.on('exit', () => void fail(group, slot, thread, null));
  goIdle(group, slot, thread);
  return thread;
}

function goIdle(group: Threads, slot: number, thread: IngestThread): void {
  clearInterval(thread.watchdog);
  thread.watchdog = undefined;
  thread.worker.unref();
  thread.idle = setTimeout(() => void retire(group, slot, thread), idleMs).unref();
}

/** Ends a thread once it has finished the sources it was given (it closes its connections first). */
async function retire(group: Threads, slot: number, thread: IngestThread): Promise<void> {
  clearTimeout(thread.idle);
  clearInterval(thread.watchdog);
  thread.gone = true;
  if (group.slots[slot] === thread) group.slots[slot] = null;
  if (group.slots.every((t) => t === null) && byDatabase.get(group.db) === group)
    byDatabase.delete(group.db);
  const exited = new Promise((resolve) => thread.worker.once('exit', resolve));
  thread.worker.postMessage('close', []);
  await exited;
}

/**
 * Ends a stuck or dead thread: each source it held fails, `culprit` (the one
 * whose work was running) as too long, the others as interrupted.
 */
async function fail(
  group: Threads,
  slot: number,
  thread: IngestThread,
  culprit: number | null,
): Promise<void> {
  if (group.slots[slot] === thread) group.slots[slot] = null;
  thread.gone = true;
  clearTimeout(thread.idle);
  clearInterval(thread.watchdog);
  const held = [...thread.pending.values()];
  thread.pending.clear();
  if (culprit !== null) await thread.worker.terminate();
  const intervalMs = group.config.ingest.pollIntervalMinutes * 60_000;
  for (const { source, now, resolve } of held) {
    const message = source.id === culprit ? TOO_LONG : INTERRUPTED;
    const outcome: SourceOutcome = { added: 0, failure: `${source.name}: ${message}` };
    try {
      await recordOutcome(
        group.db,
        source.id,
        { status: 'error', error: message },
        now,
        intervalMs,
      );
    } catch (err) {
      outcome.unexpected = { message: `could not record a fetch failure: ${String(err)}` };
    }
    resolve(outcome);
  }
}

function watch(group: Threads, slot: number, thread: IngestThread): void {
  const limit = stallOverrideMs ?? Math.max(MIN_STALL_MS, group.config.ingest.timeoutMs);
  thread.watchdog ??= setInterval(() => {
    const last = Number(Atomics.load(thread.beat, 0));
    // 0: the thread is still starting.
    if (last === 0 || Date.now() - last <= limit) return;
    void fail(group, slot, thread, Number(Atomics.load(thread.beat, 1)));
  }, WATCHDOG_MS).unref();
}

/** Fetches and stores one source on its ingestion thread; answers its outcome. Never throws. */
export function ingestOnThread(
  config: Config,
  db: DB,
  source: FetchableSource,
  now = Date.now(),
): Promise<SourceOutcome> {
  let group = byDatabase.get(db);
  if (!group) {
    group = { config, db, slots: Array.from({ length: config.ingest.workers }, () => null) };
    byDatabase.set(db, group);
  }
  const slot = slotOf(source.url, group.slots.length);
  let thread = group.slots[slot];
  if (!thread || thread.gone) thread = group.slots[slot] = start(group, slot);
  clearTimeout(thread.idle);
  thread.worker.ref(); // a source is pending: the process waits for it
  watch(group, slot, thread);
  const id = nextId++;
  const running = thread;
  return new Promise<SourceOutcome>((resolve) => {
    running.pending.set(id, { source, now, resolve });
    running.worker.postMessage({ id, source, now } satisfies IngestRequest, []);
  });
}

/** Threads running now, for tests and diagnostics. */
export function ingestThreadIds(): number[] {
  return [...byDatabase.values()].flatMap((g) =>
    g.slots.flatMap((t) => (t && !t.gone ? [t.worker.threadId] : [])),
  );
}

/** Lets every ingestion thread finish the sources it was given and close its connections (shutdown). */
export async function closeIngestThreads(): Promise<void> {
  const groups = [...byDatabase.values()];
  byDatabase.clear();
  await Promise.all(
    groups.flatMap((g) => g.slots.flatMap((t, slot) => (t && !t.gone ? [retire(g, slot, t)] : []))),
  );
}
