// How long stories are kept: items published more than 30 days ago are purged
// (spec 001 §9), and ingestion does not store them again on the next poll;
// but every source keeps its newest KEEP_NEWEST_PER_SOURCE stories whatever
// their age, so a quiet blog still shows (purge and ingestion alike).
// Briefings are items too, so they follow the same rule.
import { sql } from 'kysely';
import type { DB } from '../db/database';
import { KEEP_NEWEST_PER_SOURCE, purgeCutoff } from '../ingest/store/retention';
import { countSavedBefore, notSavedByAnyone } from '../reading/list-filter';

export { KEEP_NEWEST_PER_SOURCE, purgeCutoff };

/**
 * Each delete batch aims to take about this long: SQLite's driver is synchronous,
 * so a batch holds the event loop and a list call may wait for one batch.
 * Deleting an item also updates its search index and counters, which costs far
 * more than the statement itself, so small batches lose little throughput.
 */
export const PURGE_BATCH_TARGET_MS = 5;
const BATCH_MIN = 10;
const BATCH_MAX = 2000;
/** The first batch's size, before the timing adapts it. */
export const PURGE_BATCH = 100;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A source's KEEP_NEWEST_PER_SOURCE-th newest item, in feed order; none: it has fewer. */
interface Edge {
  sourceId: number;
  publishedAt: number | null;
  id: number | null;
}

/** The column of a source's KEEP_NEWEST_PER_SOURCE-th newest item (null: it has fewer). */
const keepEdge = (column: 'published_at' | 'id') =>
  sql<number | null>`(SELECT ${sql.ref(column)} FROM news_items
    WHERE news_items.source_id = news_sources.id
    ORDER BY news_items.published_at DESC, news_items.id DESC
    LIMIT 1 OFFSET ${sql.lit(KEEP_NEWEST_PER_SOURCE - 1)})`;

/** Every source with items, with its keep edge: one query, one index probe per source. */
async function keepEdges(db: DB): Promise<Edge[]> {
  const rows = await db
    .selectFrom('news_sources')
    .select(['id', keepEdge('published_at').as('edge_at'), keepEdge('id').as('edge_id')])
    .where('item_count', '>', 0)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ sourceId: r.id, publishedAt: r.edge_at, id: r.edge_id }));
}

/** How many items old enough to purge were kept because someone saved them. */
export async function savedKept(db: DB, now: number, ageDays: number): Promise<number> {
  return ageDays > 0 ? countSavedBefore(db, purgeCutoff(now, ageDays)) : 0;
}

/**
 * Deletes items published before the cutoff, except saved ones and each source's newest
 * KEEP_NEWEST_PER_SOURCE, source by source, oldest first, in batches, giving
 * the event loop (and other connections) a turn between batches. Their
 * summaries, counters and search entries go with them (cascades and triggers).
 * Each batch reads the (source_id, published_at, id) index from its start.
 */
export async function purgeOldItems(
  db: DB,
  now: number,
  ageDays: number,
  options: { batchSize?: number; signal?: AbortSignal } = {},
): Promise<number> {
  if (ageDays <= 0) return 0;
  const cutoff = purgeCutoff(now, ageDays);
  let batchSize = options.batchSize ?? PURGE_BATCH;
  const adapt = options.batchSize === undefined;
  let deleted = 0;
  for (const edge of await keepEdges(db)) {
    // Fewer than KEEP_NEWEST_PER_SOURCE items: all are kept.
    if (edge.publishedAt === null || edge.id === null) continue;
    const { publishedAt: edgeAt, id: edgeId } = edge;
    // The keep edge older than the cutoff: everything before the edge goes; else everything before the cutoff.
    const beforeEdge = edgeAt < cutoff;
    while (!options.signal?.aborted) {
      const asked = batchSize;
      const ids = await db
        .selectFrom('news_items')
        .select('id')
        .where('source_id', '=', edge.sourceId)
        .where((eb) =>
          beforeEdge
            ? eb.or([
                eb('published_at', '<', edgeAt),
                eb.and([eb('published_at', '=', edgeAt), eb('id', '<', edgeId)]),
              ])
            : eb('published_at', '<', cutoff),
        )
        .where(notSavedByAnyone())
        .orderBy('published_at')
        .orderBy('id')
        .limit(asked)
        .execute();
      if (ids.length === 0) break;
      const started = performance.now();
      const result = await db
        .deleteFrom('news_items')
        .where(
          'id',
          'in',
          ids.map((r) => r.id),
        )
        .executeTakeFirst();
      deleted += Number(result.numDeletedRows);
      if (adapt) {
        // Grow or shrink the next batch toward the target time (at most ×2 or ÷2 a step).
        const ms = Math.max(0.1, performance.now() - started);
        const factor = Math.min(2, Math.max(0.5, PURGE_BATCH_TARGET_MS / ms));
        batchSize = Math.round(Math.min(BATCH_MAX, Math.max(BATCH_MIN, batchSize * factor)));
      }
      await yieldToEventLoop();
      if (ids.length < asked) break; // this source is done
    }
    if (options.signal?.aborted) break;
  }
  return deleted;
}
