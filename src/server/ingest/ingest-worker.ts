// The worker thread's entry (piscina): runs one FetchJob. Every HTTP call goes
// back over `port` to the main thread's guarded client, which owns the SSRF
// guard and the per-host limits; the body comes back still compressed and is
// decompressed, decoded and parsed here, off the thread that serves requests.
import type { MessagePort } from 'node:worker_threads';
import {
  fromJobError,
  runFetchJob,
  toJobError,
  type FetchJob,
  type JobError,
  type JobOutcome,
} from './fetch-job';
import { finishResponse, type RawHttpResponse } from './http';
import type { GuardedHttp, HttpRequestOptions, HttpResponse } from './types';

export interface WorkerTask {
  job: FetchJob;
  port: MessagePort;
}

export interface HttpCall {
  id: number;
  url: string;
  options: HttpRequestOptions;
}

/** The main thread's answer: a raw response, or text when its client cannot give raw bytes. */
export type HttpReply =
  | { id: number; ok: true; raw: RawHttpResponse }
  | {
      id: number;
      ok: true;
      text: Omit<RawHttpResponse, 'body' | 'contentEncoding'> & { text: string };
    }
  | { id: number; ok: false; error: JobError };

function portHttp(port: MessagePort, maxBytes: number): GuardedHttp {
  let nextId = 0;
  const pending = new Map<
    number,
    { resolve: (r: HttpResponse) => void; reject: (e: unknown) => void }
  >();
  port.on('message', (reply: HttpReply) => {
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    try {
      if (!reply.ok) call.reject(fromJobError(reply.error));
      else if ('raw' in reply) call.resolve(finishResponse(reply.raw, maxBytes));
      else call.resolve({ ...reply.text, headers: new Headers(reply.text.headers) });
    } catch (err) {
      call.reject(err);
    }
  });
  const request = (url: string, options: HttpRequestOptions = {}) =>
    new Promise<HttpResponse>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      port.postMessage({ id, url, options } satisfies HttpCall);
    });
  return { request, get: (url, options) => request(url, { ...options, method: 'GET' }) };
}

export default async function runTask({ job, port }: WorkerTask): Promise<JobOutcome> {
  const http = portHttp(port, job.config.maxBytes);
  try {
    return { ok: true, output: await runFetchJob(job, http) };
  } catch (err) {
    return { ok: false, error: toJobError(err) };
  } finally {
    port.close();
  }
}
