// One source's fetch as a unit of work that runs on a worker thread: the
// type's fetcher (whose HTTP calls go back to the main thread's guarded client),
// decompressing, decoding, parsing, then normalising and sanitising each item.
// Input and output are plain data, so the same function runs inline too.
import v8 from 'node:v8';
import type { Config } from '../config';
import type { SourceType } from '../../shared/constants';
import { candidates } from './parse/fetched-items';
import { normalizeItem, type NormalizedItem } from './parse/normalize';
import { fetcherFor } from './fetchers/registry';
import { SourceFetchError, type FetchResult, type GuardedHttp, type SourceToFetch } from './types';

export interface FetchJob {
  source: SourceToFetch;
  config: Config['ingest'];
  /** Epoch ms of the fetch; dates missing from items fall back to it. */
  now: number;
  /** Epoch ms by which a worker gives up (worker-pool.ts sets it); inline fetches rely on HTTP timeouts. */
  deadline?: number;
}

/** What a fetch produced, without the raw items: those come back normalised. */
export type FetchSummary = Omit<FetchResult, 'items'>;

export interface FetchJobOutput {
  summary: FetchSummary;
  items: NormalizedItem[];
}

export const TOO_LONG = 'Reading the source took too long. Will retry later.';
/** For the other tasks of a worker thread that was ended because one of them hung. */
export const INTERRUPTED = 'Reading the source was interrupted. Will retry later.';

/** An error as plain data, so it survives the trip between threads. */
export interface JobError {
  message: string;
  stack?: string;
  /** Set for a SourceFetchError: its message is fit to show on the source row. */
  fetchError?: SourceFetchError['options'];
}

/**
 * An output as it crosses threads: serialised once by the ingest worker and
 * read only by the thread that stores it. The main thread hands the bytes on
 * (transferred, not copied), so a refresh's items never become objects, nor
 * linger as buffers, on the heap of the thread serving API calls.
 */
export interface PackedOutput {
  packed: Uint8Array<ArrayBuffer>;
}

/** Its own exact-size buffer, so that handing it on moves only these bytes. */
export const pack = (output: FetchJobOutput): PackedOutput => ({
  packed: new Uint8Array(v8.serialize(output)),
});

export const unpack = (output: FetchJobOutput | PackedOutput): FetchJobOutput =>
  'packed' in output ? (v8.deserialize(output.packed) as FetchJobOutput) : output;

export type JobOutcome = { ok: true; output: PackedOutput } | { ok: false; error: JobError };

export function toJobError(err: unknown): JobError {
  if (err instanceof SourceFetchError)
    return { message: err.message, fetchError: { ...err.options } };
  if (err instanceof Error) return { message: err.message, stack: err.stack };
  return { message: String(err) };
}

export function fromJobError(error: JobError): Error {
  if (error.fetchError) return new SourceFetchError(error.message, error.fetchError);
  const err = new Error(error.message);
  if (error.stack) err.stack = error.stack;
  return err;
}

/** Which of these fetched-item hashes the source already has stored (asked of the database). */
export type KnownHashes = (hashes: string[]) => Promise<Set<string>>;

export async function runFetchJob(
  job: FetchJob,
  http: GuardedHttp,
  operatorHttp?: GuardedHttp,
  known?: KnownHashes,
): Promise<FetchJobOutput> {
  const sourceType: SourceType = job.source.sourceType;
  const { items: raw, ...summary } = await fetcherFor(sourceType).fetch({
    source: job.source,
    http,
    operatorHttp,
    config: job.config,
    now: new Date(job.now),
  });
  const normalizeContext = { sourceType, baseUrl: job.source.url, now: job.now };
  const items: NormalizedItem[] = [];
  if (!summary.notModified) {
    const picked = candidates(raw, job.config.maxItemsPerFetch, sourceType, job.now);
    // Items stored before, unchanged to the byte, are not normalised again: a
    // pathological feed costs its parsing once, not on every poll.
    const stored = known ? await known(picked.map((c) => c.hash)) : new Set<string>();
    for (const { raw: item, position, hash } of picked) {
      if (stored.has(hash) && !item.mutable) continue;
      const normalized = normalizeItem(item, normalizeContext, position);
      if (normalized) items.push({ ...normalized, contentHash: hash });
    }
  }
  return { summary, items };
}
