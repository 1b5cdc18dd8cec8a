// Reads a document (documents.ts) on a document worker thread and answers its
// value; inline when INGEST_WORKERS=0, and on the ingestion thread, which is
// off the request path already (the launch schedule). A title look-up's body
// is moved to the thread, not copied.
import { isMainThread } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { Config } from '../config';
import { threadEntry } from '../thread-entry';
import {
  readDocument,
  type DocumentAnswers,
  type DocumentOutcome,
  type DocumentTask,
} from './documents';
import { SourceFetchError } from './types';

const BUSY = 'The server is busy reading other sources. Try again later.';
const INTERRUPTED = 'Reading the response was interrupted. Try again later.';

let pool: Piscina<DocumentTask, DocumentOutcome> | null = null;

/** The pool, started on first use: INGEST_WORKERS threads that end after a minute idle. */
function documentPool(config: Config['ingest']): Piscina<DocumentTask, DocumentOutcome> {
  pool ??= new Piscina<DocumentTask, DocumentOutcome>({
    filename: threadEntry('document-worker', import.meta.url).href,
    minThreads: 0,
    maxThreads: config.workers,
    idleTimeout: 60_000,
    maxQueue: config.workers * 16,
    resourceLimits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: config.workerHeapMb },
  });
  return pool;
}

/** Stops the document workers (shutdown); a later document starts a fresh pool. */
export async function closeDocumentPool(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.destroy();
}

/** Whether a body can be moved to a worker rather than copied (a small one shares Node's buffer pool). */
export const ownsItsBuffer = (bytes: Uint8Array): bytes is Uint8Array<ArrayBuffer> =>
  bytes.buffer instanceof ArrayBuffer &&
  bytes.byteOffset === 0 &&
  bytes.byteLength === bytes.buffer.byteLength;

/**
 * The document's value (a title, launch items), read on a worker thread; a
 * SourceFetchError with a message fit for the user when it cannot be read.
 * While a refresh fills the pool, the task waits for a free slot like a fetch.
 */
export async function readDocumentOffThread<T extends DocumentTask>(
  config: Config['ingest'],
  task: T,
): Promise<DocumentAnswers[T['kind']]> {
  let outcome: DocumentOutcome;
  if (config.workers === 0 || !isMainThread) outcome = readDocument(task);
  else {
    const body = task.kind === 'title' ? task.raw.body : null;
    try {
      outcome = await documentPool(config).run(task, {
        transferList: body && ownsItsBuffer(body) ? [body.buffer] : [],
      });
    } catch (err) {
      if (err instanceof Error && /queue is at limit/i.test(err.message))
        throw new SourceFetchError(BUSY);
      // Its thread ended (the heap limit): as for a fetch.
      if (
        err instanceof Error &&
        /worker exited|terminating worker|memory limit/i.test(err.message)
      )
        throw new SourceFetchError(INTERRUPTED);
      throw err;
    }
  }
  if (!outcome.ok) throw new SourceFetchError(outcome.message);
  return outcome.value as DocumentAnswers[T['kind']];
}
