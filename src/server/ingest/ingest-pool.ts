// The ingest worker threads (piscina, ingest-worker.ts), one pool for the
// process: feed fetches (worker-pool.ts) and the documents the main thread
// fetches itself but must not parse on the thread serving requests (off-thread.ts).
import { Piscina } from 'piscina';
import type { Config } from '../config';
import { threadEntry } from '../thread-entry';
import type { DocumentOutcome } from './documents';
import type { JobOutcome } from './fetch-job';
import type { PoolTask } from './ingest-worker';

type IngestConfig = Config['ingest'];

export type IngestPool = Piscina<PoolTask, JobOutcome | DocumentOutcome>;

let pool: IngestPool | null = null;

/** The pool, started on first use with this configuration. */
export function ingestPool(config: IngestConfig): IngestPool {
  if (pool) return pool;
  const threads = config.workers;
  // A task mostly waits on the network, so each thread holds several at once;
  // together they cover the fetch concurrency. Beyond that, a bounded queue.
  const perThread = Math.max(2, Math.ceil(config.concurrency / threads));
  pool = new Piscina<PoolTask, JobOutcome | DocumentOutcome>({
    filename: threadEntry('ingest-worker', import.meta.url).href,
    name: 'default',
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    concurrentTasksPerWorker: perThread,
    maxQueue: threads * perThread * 4,
    // Tasks are asynchronous (they await HTTP replies): let the worker's event loop run.
    atomics: 'disabled',
    // A small young generation keeps each thread's footprint near its live data.
    // The old generation's limit (INGEST_WORKER_HEAP_MB, 1 GB by default)
    // matters less as a ceiling than for how V8 grows the heap: under a limit
    // of 2 GB or more it lets the heap grow up to 4x past the live data between
    // full collections, under 1 GB by about 1.6x. Measured on the 1,000-feed
    // refresh: the thread's heap peaks at ~42 MB instead of ~83 MB, at the same
    // throughput. Large documents take turns (LARGE_BODY_BYTES in
    // ingest-worker.ts), which keeps the limit far off; a thread that reaches
    // it anyway ends, its fetches fail as interrupted, and piscina starts a fresh one.
    resourceLimits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: config.workerHeapMb },
  });
  return pool;
}

/** Stops the worker threads (shutdown); a later fetch starts a fresh pool. */
export async function closeIngestPool(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.destroy();
}

/** Threads ended for being stuck past a task's deadline, since the process started. */
let stuckThreadsEnded = 0;
let lastStuckThreadId: number | null = null;
export function noteStuckThreadEnded(threadId: number): void {
  stuckThreadsEnded++;
  lastStuckThreadId = threadId;
}

/** Threads and queue right now, for benches and diagnostics. */
export function ingestPoolStats(): {
  threads: number;
  threadIds: number[];
  queued: number;
  completed: number;
  /** Threads ended for being stuck past a task's deadline. */
  stuckEnded: number;
  /** The latest of them (it stays in `threadIds` until it has exited). */
  lastStuckThreadId: number | null;
} {
  return {
    stuckEnded: stuckThreadsEnded,
    lastStuckThreadId,
    threads: pool?.threads.length ?? 0,
    threadIds: pool?.threads.map((t) => t.threadId) ?? [],
    queued: pool?.queueSize ?? 0,
    completed: pool?.completed ?? 0,
  };
}
