// The ingestion pipeline, as the main thread sees it: which sources a refresh
// fetches (not those another refresh is fetching, nor those fetched a moment
// ago), in what order (hosts interleaved), how many at once, and the totals.
// Each source is fetched, parsed, normalised, deduped, stored and recorded end
// to end by ingest-source.ts: on an ingestion thread (ingest-threads.ts), or
// right here with INGEST_WORKERS=0. One bad source never stops the others.
import { afterStoreSteps } from '../after-store-steps';
import type { AppContext } from '../context';
import type { DB } from '../db/database';
import pLimit from 'p-limit';
import { operatorHttp, sharedHttp } from '../net/guarded-http';
import { ingestSource, type Ingestion } from './ingest-source';
import { ingestOnThread, ingestsOnThreads } from './ingest-threads';
import { refreshSummary } from './refresh-summary';
import { sourcesForUser, type FetchableSource } from './store/repository';

export { dueSources, sourcesForUser, SOURCE_COLUMNS } from './store/repository';

export type IngestContext = Pick<AppContext, 'config' | 'db' | 'log'>;

export interface RefreshResult {
  newItemsAdded: number;
  /** Sources this refresh tried, failed ones included (the spec's field). */
  sourcesFetched: number;
  /** Of those, the sources whose fetch failed: their error is in their health (beyond the spec). */
  sourcesFailed: number;
}

/** What one source's fetch came to: its new items, and "name: reason" when it failed. */
export interface FetchOutcome {
  newItems: number;
  failure?: string;
}

export interface RefreshOptions {
  /** Skip sources fetched less than this long ago (user-triggered refreshes use 60 s). */
  skipFetchedWithinMs?: number;
  /** Stops picking up new sources once aborted (scheduler shutdown). */
  signal?: AbortSignal;
  /** A source some other refresh is fetching right now is waited for and counted, not skipped. */
  waitForInFlight?: boolean;
  /** Collects "name: reason" for each source this refresh fetched itself and that failed. */
  failures?: string[];
}

/**
 * Sources being fetched right now, per database, each with the promise of its
 * outcome (null: not fetched after all): a second refresh does not fetch them
 * again; with `waitForInFlight` it waits for that fetch and counts it.
 */
const inFlight = new WeakMap<DB, Map<number, Promise<FetchOutcome | null>>>();
const inFlightFor = (db: DB) => {
  let map = inFlight.get(db);
  if (!map) inFlight.set(db, (map = new Map()));
  return map;
};

export const USER_REFRESH_MIN_AGE_MS = 60_000;

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

/** Inline (INGEST_WORKERS=0): the main thread's own connection and the process-wide clients. */
const inline = (ctx: IngestContext): Ingestion => ({
  config: ctx.config,
  db: ctx.db,
  http: sharedHttp(ctx.config.ingest),
  operatorHttp: operatorHttp(ctx.config.ingest),
  afterStore: afterStoreSteps,
});

/** Fetches one source and stores what is new; answers the new items and any failure. Never throws. */
export async function fetchSource(ctx: IngestContext, row: FetchableSource): Promise<FetchOutcome> {
  const outcome = ingestsOnThreads(ctx.config, ctx.db)
    ? await ingestOnThread(ctx.config, ctx.db, row)
    : await ingestSource(inline(ctx), row);
  // Expected failures (timeouts, HTTP errors) go into the refresh's summary line;
  // anything else is a bug and is logged with its stack.
  if (outcome.unexpected)
    ctx.log.error(
      { err: outcome.unexpected, sourceId: row.id },
      'source fetch failed unexpectedly',
    );
  return outcome.failure === undefined
    ? { newItems: outcome.added }
    : { newItems: outcome.added, failure: outcome.failure };
}

/** Fetches the given sources with bounded concurrency; answers the totals. */
export async function refreshSources(
  ctx: IngestContext,
  sources: FetchableSource[],
  options: RefreshOptions = {},
): Promise<RefreshResult> {
  const busy = inFlightFor(ctx.db);
  const cutoff = options.skipFetchedWithinMs ? Date.now() - options.skipFetchedWithinMs : null;
  const recent = (s: FetchableSource) =>
    cutoff !== null && s.last_fetched_at !== null && s.last_fetched_at > cutoff;
  const joined = options.waitForInFlight
    ? sources.flatMap((s) => busy.get(s.id) ?? []).map((p) => p.catch(() => null))
    : [];
  const queue = interleaveByHost(sources.filter((s) => !busy.has(s.id) && !recent(s)));
  const settle = new Map<number, (outcome: FetchOutcome | null) => void>();
  for (const s of queue)
    busy.set(s.id, new Promise<FetchOutcome | null>((resolve) => settle.set(s.id, resolve)));
  const result: RefreshResult = { newItemsAdded: 0, sourcesFetched: 0, sourcesFailed: 0 };
  const count = (outcome: FetchOutcome | null) => {
    if (outcome === null) return;
    result.newItemsAdded += outcome.newItems;
    result.sourcesFetched++;
    if (outcome.failure !== undefined) result.sourcesFailed++;
  };
  // The log line covers what this refresh fetched itself; a joined fetch logs in its own.
  const own = { fetched: 0, newItems: 0, failures: [] as string[] };
  const limit = pLimit(ctx.config.ingest.concurrency);
  await Promise.all([
    ...queue.map((row) =>
      limit(async () => {
        let outcome: FetchOutcome | null = null;
        try {
          if (!options.signal?.aborted) outcome = await fetchSource(ctx, row);
        } finally {
          busy.delete(row.id);
          settle.get(row.id)?.(outcome);
        }
        count(outcome);
        if (outcome !== null) {
          own.fetched++;
          own.newItems += outcome.newItems;
          if (outcome.failure !== undefined) {
            own.failures.push(outcome.failure);
            options.failures?.push(outcome.failure);
          }
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
    return { newItemsAdded: 0, sourcesFetched: 0, sourcesFailed: 0 };
  });
}
