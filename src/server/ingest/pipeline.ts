// The ingestion pipeline, as the main thread sees it: which sources a refresh
// fetches (not those another refresh is fetching, nor those fetched a moment
// ago), in what order (hosts interleaved), how many at once, and the totals.
// Each source is fetched, parsed, normalised, deduped, stored and recorded end
// to end by ingest-source.ts: on an ingestion thread (ingest-threads.ts), or
// right here with INGEST_WORKERS=0. One bad source never stops the others.
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
  sourcesFetched: number;
}

export interface RefreshOptions {
  /** Skip sources fetched less than this long ago (user-triggered refreshes use 60 s). */
  skipFetchedWithinMs?: number;
  /** Stops picking up new sources once aborted (scheduler shutdown). */
  signal?: AbortSignal;
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
});

/** Fetches one source and stores what is new; answers the number of new items. Never throws. */
async function fetchSource(
  ctx: IngestContext,
  row: FetchableSource,
  /** Collects "name: reason" per failed source, for the refresh's summary line. */
  failures: string[],
): Promise<number> {
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
  if (outcome.failure) failures.push(outcome.failure);
  return outcome.added;
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
  await Promise.all([
    ...queue.map((row) =>
      limit(async () => {
        let added: number | null = null;
        try {
          if (!options.signal?.aborted) added = await fetchSource(ctx, row, own.failures);
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
