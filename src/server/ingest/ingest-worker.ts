// The worker thread's entry (piscina): runs one FetchJob. Every HTTP call goes
// back over `port` to the main thread's guarded client, which owns the SSRF
// guard and the per-host limits; the body comes back still compressed and is
// decompressed, decoded and parsed here, off the thread that serves requests.
import { threadId, type MessagePort } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import {
  TOO_LONG,
  fromJobError,
  pack,
  runFetchJob,
  toJobError,
  type FetchJob,
  type JobError,
  type JobOutcome,
  type KnownHashes,
} from './fetch-job';
import { finishResponse, type RawHttpResponse } from '../net/guarded-http';
import { OneAtATime, type Pass } from './one-at-a-time';
import {
  SourceFetchError,
  type GuardedHttp,
  type HttpRequestOptions,
  type HttpResponse,
} from './types';

export interface WorkerTask {
  job: FetchJob;
  port: MessagePort;
}

export interface HttpCall {
  id: number;
  url: string;
  options: HttpRequestOptions;
}

/** The worker asks which item hashes are already stored (the database is on the main thread). */
export interface KnownCall {
  id: number;
  known: string[];
}

/** Sent first: which thread runs the task, so the main thread can end it if it hangs. */
export interface StartedCall {
  started: number;
}

export type WorkerCall = HttpCall | KnownCall | StartedCall;

/** The main thread's answer: a raw response, or text when its client cannot give raw bytes. */
export type HttpReply =
  | { id: number; ok: true; raw: RawHttpResponse }
  | {
      id: number;
      ok: true;
      text: Omit<RawHttpResponse, 'body' | 'contentEncoding'> & { text: string };
    }
  | { id: number; ok: true; known: string[] }
  | { id: number; ok: false; error: JobError };

/**
 * A body over this size (as received, so before decompressing) makes its job
 * wait for its turn: one such job at a time per thread, from then until its
 * output is packed. Parsing a 10 MB feed takes about 90 MB of heap, and a
 * thread holds up to FETCH_CONCURRENCY jobs; see worker-pool.ts's heap limit.
 * Most feeds are far smaller (the recorded ones: 1–60 KB), so they never wait.
 */
export const LARGE_BODY_BYTES = 256 * 1024;
const largeBodies = new OneAtATime();

/** The worker's side of the port: HTTP calls and stored-hash look-ups, answered by the main thread. */
function portClient(
  port: MessagePort,
  maxBytes: number,
  turn: Pass,
): { http: GuardedHttp; known: KnownHashes } {
  let nextId = 0;
  const pending = new Map<
    number,
    { resolve: (r: HttpReply) => void; reject: (e: unknown) => void }
  >();
  port.on('message', (reply: HttpReply) => {
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    if (reply.ok) call.resolve(reply);
    else call.reject(fromJobError(reply.error));
  });
  const ask = (call: Omit<HttpCall, 'id'> | Omit<KnownCall, 'id'>) =>
    new Promise<HttpReply>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      port.postMessage({ id, ...call } satisfies WorkerCall);
    });
  const request = async (url: string, options: HttpRequestOptions = {}): Promise<HttpResponse> => {
    const reply = await ask({ url, options });
    const size =
      'raw' in reply ? reply.raw.body.byteLength : 'text' in reply ? reply.text.text.length : 0;
    if (size > LARGE_BODY_BYTES) await turn.enter(() => new SourceFetchError(TOO_LONG));
    if ('raw' in reply) return finishResponse(reply.raw, maxBytes);
    if ('text' in reply) return { ...reply.text, headers: new Headers(reply.text.headers) };
    throw new Error('unexpected reply to an HTTP call');
  };
  const known: KnownHashes = async (hashes) => {
    const reply = await ask({ known: hashes });
    return new Set('known' in reply ? reply.known : []);
  };
  return {
    http: { request, get: (url, options) => request(url, { ...options, method: 'GET' }) },
    known,
  };
}

/**
 * The outcome with its packed bytes moved to the main thread, not copied
 * (piscina's Transferable protocol): the main thread passes them on to the
 * store thread the same way, so they never land on its heap.
 */
function moved(outcome: JobOutcome & { ok: true }): JobOutcome {
  const transferable = {
    [transferableSymbol]: [outcome.output.packed.buffer],
    [valueSymbol]: outcome,
  };
  // piscina unwraps it: the main thread receives the outcome itself.
  return move(transferable) as unknown as JobOutcome;
}

export default async function runTask({ job, port }: WorkerTask): Promise<JobOutcome> {
  port.postMessage({ started: threadId } satisfies WorkerCall);
  const turn = largeBodies.pass();
  const { http, known } = portClient(port, job.config.maxBytes, turn);
  // Past the deadline the task gives up, even while a reply it awaits never comes.
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    const wait = Math.max(0, (job.deadline ?? Infinity) - Date.now());
    if (Number.isFinite(wait))
      timer = setTimeout(() => reject(new SourceFetchError(TOO_LONG)), wait);
  });
  try {
    const output = pack(await Promise.race([runFetchJob(job, http, undefined, known), late]));
    return moved({ ok: true, output });
  } catch (err) {
    return { ok: false, error: toJobError(err) };
  } finally {
    clearTimeout(timer);
    turn.end();
    port.close();
  }
}
