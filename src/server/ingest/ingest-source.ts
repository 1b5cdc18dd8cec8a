// One source's fetch, end to end, in one place: the type's fetcher (through
// the guarded HTTP client: decompressing, decoding, parsing), the newest items
// hashed and compared with what is stored, the new ones normalised and
// sanitised, stored, and the outcome recorded on the source row, a failure as
// much as a success. Runs on the ingestion thread (ingest-thread.ts), or on
// the main thread with INGEST_WORKERS=0: the same code either way.
import type { Config } from '../config';
import type { DB, Tx } from '../db/database';
import { retainedItems } from './store/retention';
import { runAfterStore, type AfterStoreStep } from './after-store';
import { fetcherFor } from './fetchers/registry';
import { candidates } from './parse/fetched-items';
import { fragmentsTellApart, normalizeItem, type NormalizedItem } from './parse/normalize';
import { pruneSource, storedHashes, type FetchableSource } from './store/repository';
import { recordOutcome, storeItems, type FetchOutcome } from './store/store';
import { inWriteBatch } from './store/write-batch';
import { decompressResponse, finishResponse, type GuardedHttpClient } from '../net/guarded-http';
import { SourceFetchError, type GuardedHttp, type HttpRequestOptions } from './types';
import type { OneAtATime } from './one-at-a-time';

/** What a fetch runs with: on the ingestion thread, all of it is the thread's own. */
export interface Ingestion {
  config: Config;
  db: DB;
  /** For URLs from users and feeds: the SSRF guard applies. */
  http: GuardedHttpClient;
  /** For the operator's own upstream base URLs (LAUNCH_LIBRARY_URL). */
  operatorHttp: GuardedHttp;
  /** Large documents take turns (see LARGE_BODY_BYTES); absent inline. */
  largeBodies?: OneAtATime;
  /** Told which source's synchronous work starts now, so a watchdog can name a stuck one. */
  working?: (sourceId: number) => void;
  /** What is derived from stored items, in the store's transaction (after-store.ts). */
  afterStore: readonly AfterStoreStep[];
  /** How long a shared write transaction may run (write-batch.ts); BATCH_BUDGET_MS if absent. */
  writeBudgetMs?: number;
}

export interface SourceOutcome {
  /** New items stored (0 after a failure). */
  added: number;
  /** "name: reason" after a failure, for the refresh's summary line; the reason is on the source row. */
  failure?: string;
  /** A failure that is a bug, not the source's: the main thread logs it with its stack. */
  unexpected?: { message: string; stack?: string };
}

export const TOO_LONG = 'Reading the source took too long. Will retry later.';
/** For the other sources of an ingestion thread that was ended because one of them hung. */
export const INTERRUPTED = 'Reading the source was interrupted. Will retry later.';

/**
 * A body over this size makes its source wait for its turn: one such source at
 * a time per thread, from then until it is stored. Parsing takes many times a
 * document's size in heap (bench/README.md), and a thread holds up to
 * FETCH_CONCURRENCY fetches. A waiting body stays bytes (decompressed, outside
 * the heap) and is decoded on its turn. Most feeds are far smaller, so they never wait.
 */
export const LARGE_BODY_BYTES = 256 * 1024;

/** The source's share of the ingestion: its work is marked, its large bodies take turns. */
function forSource(ing: Ingestion, sourceId: number) {
  const turn = ing.largeBodies?.pass();
  const maxBytes = ing.config.ingest.maxBytes;
  // Marked whenever its synchronous work resumes: decompressing, decoding, parsing.
  const answered = async (url: string, options: HttpRequestOptions) => {
    ing.working?.(sourceId);
    const answer = await ing.http.requestRaw(url, options);
    ing.working?.(sourceId);
    const raw = decompressResponse(answer, maxBytes);
    if (turn && raw.body.byteLength > LARGE_BODY_BYTES) {
      await turn.enter(() => new SourceFetchError(TOO_LONG));
      ing.working?.(sourceId);
    }
    return finishResponse(raw, maxBytes);
  };
  const http: GuardedHttp = {
    get: (url, options) => answered(url, { ...options, method: 'GET' }),
    request: (url, options = {}) => answered(url, options),
  };
  return { http, end: () => turn?.end() };
}

/** Runs a write in the ingestion's next write batch (write-batch.ts). */
const batched = <T>(ing: Ingestion, write: (tx: Tx) => Promise<T>) =>
  inWriteBatch(ing.db, write, ing.writeBudgetMs);

/** Records a fetch's outcome, in the same write batches as the items. */
const record = (ing: Ingestion, sourceId: number, outcome: FetchOutcome, now: number) =>
  batched(ing, (tx) =>
    recordOutcome(tx, sourceId, outcome, now, ing.config.ingest.pollIntervalMinutes * 60_000),
  );

/** Fetches one source and stores what is new. Never throws: a failure is recorded and answered. */
export async function ingestSource(
  ing: Ingestion,
  row: FetchableSource,
  now = Date.now(),
): Promise<SourceOutcome> {
  const { config, db } = ing;
  const source = forSource(ing, row.id);
  try {
    const { items: raw, ...summary } = await fetcherFor(row.source_type).fetch({
      source: {
        id: row.id,
        name: row.name,
        url: row.url,
        sourceType: row.source_type,
        etag: row.etag,
        lastModified: row.last_modified,
        resolvedUrl: row.resolved_url,
      },
      http: source.http,
      operatorHttp: ing.operatorHttp,
      config: config.ingest,
      now: new Date(now),
      db,
    });
    const validators = {
      etag: summary.etag ?? null,
      lastModified: summary.lastModified ?? null,
      resolvedUrl: summary.resolvedUrl ?? null,
    };
    if (summary.notModified) {
      await record(ing, row.id, { status: 'not_modified', ...validators }, now);
      return { added: 0 };
    }
    const picked = candidates(raw, config.ingest.maxItemsPerFetch, row.source_type, now);
    // Items stored before, unchanged to the byte, are not normalised again: a
    // pathological feed costs its parsing once, not on every poll.
    const known = await storedHashes(
      db,
      row.id,
      picked.map((c) => c.hash),
    );
    ing.working?.(row.id);
    const context = {
      sourceType: row.source_type,
      baseUrl: row.url,
      now,
      keepFragments: fragmentsTellApart(
        picked.map((c) => c.raw),
        row.url,
      ),
    };
    const fetched: NormalizedItem[] = [];
    for (const { raw: item, position, hash } of picked) {
      if (known.has(hash) && !item.mutable) continue;
      const normalized = normalizeItem(item, context, position);
      if (normalized) fetched.push({ ...normalized, contentHash: hash });
    }
    const added = await batched(ing, async (tx) => {
      // Older than the purge age and not among the source's newest: it would be
      // purged again, so it is not stored.
      const items = await retainedItems(tx, row.id, fetched, now, config.purgeAgeDays);
      const { added: count, stored } = await storeItems(tx, row.id, items, now);
      await runAfterStore(ing.afterStore, tx, stored, {
        config,
        now,
        sourceId: row.id,
        sourceType: row.source_type,
      });
      await pruneSource(tx, row.id, config.ingest.maxItemsPerSource);
      await recordOutcome(
        tx,
        row.id,
        { status: 'ok', ...validators },
        now,
        config.ingest.pollIntervalMinutes * 60_000,
      );
      return count;
    });
    return { added };
  } catch (err) {
    const expected = err instanceof SourceFetchError;
    const message = expected ? err.message : 'The source could not be read. Will retry later.';
    const outcome: SourceOutcome = { added: 0, failure: `${row.name}: ${message}` };
    if (!expected)
      outcome.unexpected =
        err instanceof Error
          ? { message: err.message, stack: err.stack }
          : { message: String(err) };
    const retryAfterSeconds = expected ? err.options.retryAfterSeconds : undefined;
    try {
      await record(ing, row.id, { status: 'error', error: message, retryAfterSeconds }, now);
    } catch (recordErr) {
      outcome.unexpected ??= { message: `could not record a fetch failure: ${String(recordErr)}` };
    }
    return outcome;
  } finally {
    source.end();
  }
}
