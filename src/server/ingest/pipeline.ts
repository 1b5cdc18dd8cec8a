// The ingestion pipeline: for each source, guarded fetch → parse (the type's
// fetcher) → normalise → dedupe and store → record the outcome. One bad source
// never stops the others; concurrency is bounded, hosts are interleaved and
// each host has its own limit inside the HTTP client.
import type { AppContext } from '../context';
import type { DB } from '../db/database';
import type { SourceType } from '../../shared/constants';
import { sharedHttp } from './http';
import { normalizeItem, type NormalizedItem } from './normalize';
import { fetcherFor } from './registry';
import { candidates } from './fetched-items';
import { pruneSource, sourcesForUser, storedHashes, type FetchableSource } from './repository';
import { recordOutcome, storeItems } from './store';

export { dueSources, sourcesForUser, SOURCE_COLUMNS } from './repository';
import { SourceFetchError, type GuardedHttp, type SourceToFetch } from './types';

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
}

/** Sources being fetched right now, per database: a second refresh leaves them alone. */
const inFlight = new WeakMap<DB, Set<number>>();
const inFlightFor = (db: DB) => {
  let set = inFlight.get(db);
  if (!set) inFlight.set(db, (set = new Set()));
  return set;
};

export const USER_REFRESH_MIN_AGE_MS = 60_000;

function toFetch(row: FetchableSource): SourceToFetch {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    sourceType: row.source_type as SourceType,
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
): Promise<number> {
  const { db, config } = ctx;
  const intervalMs = config.ingest.pollIntervalMinutes * 60_000;
  const now = Date.now();
  const sourceType = row.source_type as SourceType;
  try {
    const result = await fetcherFor(sourceType).fetch({
      source: toFetch(row),
      http,
      config: config.ingest,
      now: new Date(now),
    });
    const validators = {
      etag: result.etag ?? null,
      lastModified: result.lastModified ?? null,
      resolvedUrl: result.resolvedUrl ?? null,
    };
    if (result.notModified) {
      await recordOutcome(db, row.id, { status: 'not_modified', ...validators }, now, intervalMs);
      return 0;
    }
    const normalizeContext = { sourceType, baseUrl: row.url, now };
    const picked = candidates(result.items, config.ingest.maxItemsPerFetch, sourceType, now);
    // Items stored before, unchanged to the byte, are not normalised again: a
    // pathological feed costs its parsing once, not on every poll.
    const stored = await storedHashes(
      db,
      row.id,
      picked.map((c) => c.hash),
    );
    const items: NormalizedItem[] = [];
    for (const { raw, position, hash } of picked) {
      if (stored.has(hash) && !raw.mutable) continue;
      const item = normalizeItem(raw, normalizeContext, position);
      if (item) items.push({ ...item, contentHash: hash });
    }
    const added = await storeItems(db, row.id, items, now);
    await pruneSource(db, row.id, config.ingest.maxItemsPerSource);
    await recordOutcome(db, row.id, { status: 'ok', ...validators }, now, intervalMs);
    return added;
  } catch (err) {
    const { message, retryAfterSeconds } = readableError(err);
    if (!(err instanceof SourceFetchError))
      ctx.log.error({ err, sourceId: row.id }, 'source fetch failed unexpectedly');
    else ctx.log.info({ sourceId: row.id, reason: message }, 'source fetch failed');
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
  const queue = interleaveByHost(sources.filter((s) => !busy.has(s.id) && !recent(s)));
  for (const s of queue) busy.add(s.id);
  const result: RefreshResult = { newItemsAdded: 0, sourcesFetched: 0 };
  let next = 0;
  const worker = async () => {
    while (next < queue.length && !options.signal?.aborted) {
      const row = queue[next++];
      try {
        const added = await fetchSource(ctx, http, row); // not `+= await`: workers interleave
        result.newItemsAdded += added;
        result.sourcesFetched++;
      } finally {
        busy.delete(row.id);
      }
    }
  };
  try {
    await Promise.all(
      Array.from({ length: Math.min(ctx.config.ingest.concurrency, queue.length) }, worker),
    );
  } finally {
    for (const s of queue.slice(next)) busy.delete(s.id);
  }
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
