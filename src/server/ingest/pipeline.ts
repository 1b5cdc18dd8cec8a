// The ingestion pipeline: for each source, guarded fetch → parse (the type's
// fetcher) → normalise → dedupe and store → record the outcome. One bad source
// never stops the others; concurrency is bounded, hosts are interleaved and
// each host has its own limit inside the HTTP client.
import type { AppContext } from '../context';
import type { DB } from '../db/database';
import pLimit from 'p-limit';
import { operatorHttp, sharedHttp } from '../net/guarded-http';
import { refreshSummary } from './refresh-summary';
import { sourcesForUser, storedHashes, type FetchableSource } from './store/repository';
import { recordOutcome } from './store/store';

export { dueSources, sourcesForUser, SOURCE_COLUMNS } from './store/repository';
import { SourceFetchError, type GuardedHttp, type SourceToFetch } from './types';
import { prepareStoreThread, storeFetchOutput } from './store-writer';
import { fetchAndNormalize } from './worker-pool';

export type IngestContext = Pick<AppContext, 'config' | 'db' | 'log'>;

export interface RefreshResult {
  newItemsAdded: number;
  sourcesFetched: number;
}

export interface RefreshOptions {
  /** Skip sources fetched less than this long ago (user-triggered refreshes use 60 s). */
  skipFetchedWithinMs?: number;
  /** Stops picking up new sources once aborted (scheduler shutdown). */
  signal?: AbortSignal;
  /** Defaults to the process-wide guarded client for this configuration. */
  http?: GuardedHttp;
  /** A source some other refresh is fetching right now is waited for and counted, not skipped. */
  waitForInFlight?: boolean;
}

/**
 * Sources being fetched right now, per database, each with the promise of its new
 * item count (null: not fetched after all): a second refresh does not fetch them
 * again; with `waitForInFlight` it waits for that fetch and counts it.
 */
const inFlight = new WeakMap<DB, Map<number, Promise<number | null>>>();
const inFlightFor = (db: DB) => {
  let map = inFlight.get(db);
  if (!map) inFlight.set(db, (map = new Map()));
  return map;
};

export const USER_REFRESH_MIN_AGE_MS = 60_000;

function toFetch(row: FetchableSource): SourceToFetch {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    sourceType: row.source_type,
    etag: row.etag,
    lastModified: row.last_modified,
    resolvedUrl: row.resolved_url,
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/** Round-robin across hosts, so one busy host does not hold every worker. */
function interleaveByHost<T extends { url: string }>(rows: T[]): T[] {
  const groups = new Map<string, T[]>();
  for (const r of rows) {
    const h = hostOf(r.url);
    const g = groups.get(h);
    if (g) g.push(r);
    else groups.set(h, [r]);
  }
  const queues = [...groups.values()];
  const out: T[] = [];
  for (let i = 0; out.length < rows.length; i++)
    for (const q of queues) if (i < q.length) out.push(q[i]);
  return out;
}

function readableError(err: unknown): { message: string; retryAfterSeconds?: number } {
  if (err instanceof SourceFetchError)
    return { message: err.message, retryAfterSeconds: err.options.retryAfterSeconds };
  return { message: 'The source could not be read. Will retry later.' };
}

/** Fetches one source and stores what is new; answers the number of new items. Never throws. */
export async function fetchSource(
  ctx: IngestContext,
  http: GuardedHttp,
  row: FetchableSource,
  /** Collects "name: reason" per failed source, for the refresh's summary line. */
  failures?: string[],
): Promise<number> {
  const { db, config } = ctx;
  const intervalMs = config.ingest.pollIntervalMinutes * 60_000;
  const now = Date.now();
  try {
    // Fetch, parse, normalise and sanitise, on a worker thread (worker-pool.ts).
    const output = await fetchAndNormalize(
      config.ingest,
      http,
      { source: toFetch(row), config: config.ingest, now },
      operatorHttp(config.ingest),
      (hashes) => storedHashes(db, row.id, hashes),
    );
    // Stored on a thread of its own too, for a SQLite file (store-writer.ts).
    const settings = {
      sourceId: row.id,
      now,
      pollIntervalMs: intervalMs,
      purgeAgeDays: config.purgeAgeDays,
      maxItemsPerSource: config.ingest.maxItemsPerSource,
    };
    return await storeFetchOutput(db, output, settings, { offThread: config.ingest.workers > 0 });
  } catch (err) {
    const { message, retryAfterSeconds } = readableError(err);
    // Expected failures (timeouts, HTTP errors) go into the refresh's summary line;
    // anything else is a bug and is logged with its stack.
    if (!(err instanceof SourceFetchError))
      ctx.log.error({ err, sourceId: row.id }, 'source fetch failed unexpectedly');
    failures?.push(`${row.name}: ${message}`);
    try {
      await recordOutcome(
        db,
        row.id,
        { status: 'error', error: message, retryAfterSeconds },
        now,
        intervalMs,
      );
    } catch (recordErr) {
      ctx.log.error({ err: recordErr, sourceId: row.id }, 'could not record a fetch failure');
    }
    return 0;
  }
}

/** Fetches the given sources with bounded concurrency; answers the totals. */
export async function refreshSources(
  ctx: IngestContext,
  sources: FetchableSource[],
  options: RefreshOptions = {},
): Promise<RefreshResult> {
  const http = options.http ?? sharedHttp(ctx.config.ingest);
  const busy = inFlightFor(ctx.db);
  const cutoff = options.skipFetchedWithinMs ? Date.now() - options.skipFetchedWithinMs : null;
  const recent = (s: FetchableSource) =>
    cutoff !== null && s.last_fetched_at !== null && s.last_fetched_at > cutoff;
  const joined = options.waitForInFlight
    ? sources.flatMap((s) => busy.get(s.id) ?? []).map((p) => p.catch(() => null))
    : [];
  const queue = interleaveByHost(sources.filter((s) => !busy.has(s.id) && !recent(s)));
  const settle = new Map<number, (added: number | null) => void>();
  for (const s of queue)
    busy.set(s.id, new Promise<number | null>((resolve) => settle.set(s.id, resolve)));
  const result: RefreshResult = { newItemsAdded: 0, sourcesFetched: 0 };
  const count = (added: number | null) => {
    if (added === null) return;
    result.newItemsAdded += added;
    result.sourcesFetched++;
  };
  // The log line covers what this refresh fetched itself; a joined fetch logs in its own.
  const own = { fetched: 0, newItems: 0, failures: [] as string[] };
  const limit = pLimit(ctx.config.ingest.concurrency);
  if (queue.length > 0 && ctx.config.ingest.workers > 0) prepareStoreThread(ctx.db);
  await Promise.all([
    ...queue.map((row) =>
      limit(async () => {
        let added: number | null = null;
        try {
          if (!options.signal?.aborted) added = await fetchSource(ctx, http, row, own.failures);
        } finally {
          busy.delete(row.id);
          settle.get(row.id)?.(added);
        }
        count(added);
        if (added !== null) {
          own.fetched++;
          own.newItems += added;
        }
      }),
    ),
    ...joined.map(async (p) => count(await p)),
  ]);
  if (own.fetched > 0) ctx.log.info(refreshSummary(own));
  return result;
}

/**
 * After a login: refresh the user's active sources that are due, in the
 * background. Returns the promise for tests; callers do not await it.
 */
export function refreshDueSourcesForUser(
  ctx: IngestContext,
  userId: number,
): Promise<RefreshResult> {
  return (async () => {
    const now = Date.now();
    const due = (await sourcesForUser(ctx.db, userId)).filter((s) => s.next_fetch_at <= now);
    return refreshSources(ctx, due, { skipFetchedWithinMs: USER_REFRESH_MIN_AGE_MS });
  })().catch((err) => {
    ctx.log.error({ err, userId }, 'background refresh after login failed');
    return { newItemsAdded: 0, sourcesFetched: 0 };
  });
}
