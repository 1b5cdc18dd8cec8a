// The worker pool that keeps fetched bodies off the thread serving requests:
// decompressing, decoding, parsing, normalising and sanitising a feed all run
// on a piscina worker (ingest-worker.ts), so a 1,000-source refresh or one
// pathological feed does not delay API calls. The network stays here: the
// worker asks this thread for each HTTP response over a MessagePort, so the
// SSRF guard, the per-host limits and the keep-alive pool stay process-wide.
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { Config } from '../config';
import { threadEntry } from '../thread-entry';
import type { SourceType } from '../../shared/constants';
import {
  INTERRUPTED,
  TOO_LONG,
  fromJobError,
  runFetchJob,
  toJobError,
  type FetchJob,
  type FetchJobOutput,
  type PackedOutput,
  type JobOutcome,
  type KnownHashes,
} from './fetch-job';
import type { GuardedHttpClient } from '../net/guarded-http';
import type { HttpCall, HttpReply, WorkerCall, WorkerTask } from './ingest-worker';
import { SourceFetchError, type GuardedHttp } from './types';

type IngestConfig = Config['ingest'];

/**
 * Fetched inline: the launch schedule is one small JSON document, and its
 * fetcher's in-memory cache must be process-wide (Launch Library allows 15
 * calls an hour), which a per-thread cache would multiply.
 */
const INLINE_TYPES = new Set<SourceType>(['rocket_launch']);

let pool: Piscina<WorkerTask, JobOutcome> | null = null;
function poolFor(config: IngestConfig): Piscina<WorkerTask, JobOutcome> {
  if (pool) return pool;
  const threads = config.workers;
  // A task mostly waits on the network, so each thread holds several at once;
  // together they cover the fetch concurrency. Beyond that, a bounded queue.
  const perThread = Math.max(2, Math.ceil(config.concurrency / threads));
  pool = new Piscina<WorkerTask, JobOutcome>({
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

/**
 * A task gives up at its deadline on its own (ingest-worker.ts). One still
 * running a grace period later is stuck in synchronous code (a parser on a
 * hostile document), so its thread is ended and piscina starts a fresh one.
 * Generous: a fetcher may make a few requests, each with its own timeout.
 */
export const taskDeadlineMs = (config: IngestConfig) => config.timeoutMs * 4 + 60_000;
const graceMs = (deadlineMs: number) => Math.min(5_000, deadlineMs / 4);

function hasRaw(http: GuardedHttp): http is GuardedHttpClient {
  return typeof (http as Partial<GuardedHttpClient>).requestRaw === 'function';
}

/** Performs one HTTP call for the worker and posts the reply. */
async function answer(port: MessagePort, http: GuardedHttp, call: HttpCall): Promise<void> {
  let reply: HttpReply;
  try {
    if (hasRaw(http)) {
      reply = { id: call.id, ok: true, raw: await http.requestRaw(call.url, call.options) };
    } else {
      // A client without raw access (a test double): its decoded text crosses instead.
      const res = await http.request(call.url, call.options);
      reply = {
        id: call.id,
        ok: true,
        text: { ...res, headers: [...res.headers.entries()] },
      };
    }
  } catch (err) {
    reply = { id: call.id, ok: false, error: toJobError(err) };
  }
  const body = 'raw' in reply ? reply.raw.body : null;
  port.postMessage(reply, body && ownsItsBuffer(body) ? [body.buffer] : []);
}

/**
 * Whether a body can be moved to the worker rather than copied. A body under
 * 4 KB shares Node's buffer pool with others, so only its bytes may cross.
 */
export const ownsItsBuffer = (bytes: Uint8Array): bytes is Uint8Array<ArrayBuffer> =>
  bytes.buffer instanceof ArrayBuffer &&
  bytes.byteOffset === 0 &&
  bytes.byteLength === bytes.buffer.byteLength;

/** Answers the worker's question of which item hashes are stored. */
async function answerKnown(
  port: MessagePort,
  known: KnownHashes | undefined,
  id: number,
  hashes: string[],
) {
  let reply: HttpReply;
  try {
    reply = { id, ok: true, known: known ? [...(await known(hashes))] : [] };
  } catch (err) {
    reply = { id, ok: false, error: toJobError(err) };
  }
  port.postMessage(reply);
}

async function runInWorker(
  config: IngestConfig,
  http: GuardedHttp,
  job: FetchJob,
  known: KnownHashes | undefined,
): Promise<PackedOutput> {
  const deadline = job.deadline ?? Date.now() + taskDeadlineMs(config);
  const { port1, port2 } = new MessageChannel();
  let threadId: number | null = null;
  port1.on('message', (call: WorkerCall) => {
    if ('started' in call) threadId = call.started;
    else if ('known' in call) void answerKnown(port1, known, call.id, call.known);
    else void answer(port1, http, call);
  });
  const workers = poolFor(config);
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_resolve, reject) => {
    const wait = deadline - Date.now() + graceMs(deadline - job.now);
    timer = setTimeout(() => {
      // Its own timer could not fire: the thread is busy and is ended.
      if (threadId !== null) void workers.threads.find((t) => t.threadId === threadId)?.terminate();
      reject(new SourceFetchError(TOO_LONG));
    }, wait);
  });
  let outcome: JobOutcome;
  try {
    // No AbortSignal for piscina: it runs an abortable task alone on its
    // thread, which made the fetches one at a time instead of many at once.
    outcome = await Promise.race([
      workers.run({ job: { ...job, deadline }, port: port2 }, { transferList: [port2] }),
      stuck,
    ]);
  } catch (err) {
    if (err instanceof SourceFetchError) throw err;
    if (err instanceof Error && /queue is at limit/i.test(err.message))
      throw new SourceFetchError('The server is busy reading other sources. Will retry later.');
    if (err instanceof Error && /worker exited|terminating worker|memory limit/i.test(err.message))
      throw new SourceFetchError(INTERRUPTED);
    throw err;
  } finally {
    clearTimeout(timer);
    port1.close();
  }
  if (!outcome.ok) throw fromJobError(outcome.error);
  return outcome.output;
}

/**
 * Fetches one source and answers its normalised items: on a worker thread
 * (packed, see fetch-job.ts), or inline when INGEST_WORKERS=0 (and for the
 * types listed above). Throws a SourceFetchError for failures a user should
 * see, as the fetchers do.
 */
export function fetchAndNormalize(
  config: IngestConfig,
  http: GuardedHttp,
  job: FetchJob,
  /** For the operator's own upstreams (launches), which run inline. */
  operatorHttp?: GuardedHttp,
  /** Stored item hashes, so unchanged items are not normalised again. */
  known?: KnownHashes,
): Promise<FetchJobOutput | PackedOutput> {
  if (config.workers === 0 || INLINE_TYPES.has(job.source.sourceType))
    return runFetchJob(job, http, operatorHttp, known);
  return runInWorker(config, http, job, known);
}

/** Stops the worker threads (shutdown); a later fetch starts a fresh pool. */
export async function closeIngestPool(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.destroy();
}

/** Threads and queue right now, for benches and diagnostics. */
export function ingestPoolStats(): {
  threads: number;
  threadIds: number[];
  queued: number;
  completed: number;
} {
  return {
    threads: pool?.threads.length ?? 0,
    threadIds: pool?.threads.map((t) => t.threadId) ?? [],
    queued: pool?.queueSize ?? 0,
    completed: pool?.completed ?? 0,
  };
}
