// Which SQLite full-text index answers searches, and the copy that fills the new
// one on a database upgraded with items in it (migration 0014_search_by_time).
//
// The copy runs in the server, in batches of a few milliseconds from the newest
// id down, yielding to the event loop between them, so a big instance keeps
// serving (searches from the old index) while it runs. When it has copied every
// item it drops the old index and searches move to the new one.
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB, Dialect } from '../db/database';
import {
  SEARCH_INDEX_BELOW,
  finishSearchIndex,
  searchKey,
} from '../db/migrations/0014_search_by_time';

/** Databases whose news_items_search holds every item (checked once it does). */
const complete = new WeakSet<DB>();

/**
 * 'time': news_items_search, keyed by publish time (every item is in it).
 * 'legacy': SQLite while the copy runs: news_items_fts, keyed by item id.
 * PostgreSQL has one index, its GIN index: 'time' stands for it.
 */
export type SearchIndex = 'time' | 'legacy';

export async function searchIndexOf(db: DB, dialect: Dialect): Promise<SearchIndex> {
  if (dialect !== 'sqlite' || complete.has(db)) return 'time';
  if ((await copyPosition(db)) !== null) return 'legacy';
  complete.add(db);
  return 'time';
}

/** The id the copy has reached (items at or above it are in the new index), or null when done. */
async function copyPosition(db: DB): Promise<number | null> {
  const row = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', SEARCH_INDEX_BELOW)
    .executeTakeFirst();
  return row ? Number(row.value) : null;
}

/**
 * Copies up to `batch` items below the copy's position into news_items_search,
 * in key order (FTS5 flushes its pending entries whenever a key goes down), and
 * moves the position past them; with none left, finishes the index. Answers the
 * number copied, or 'done'.
 */
export async function copySearchBatch(db: DB, batch: number): Promise<number | 'done'> {
  return db.transaction().execute(async (tx) => {
    const position = await copyPosition(tx);
    if (position === null) return 'done';
    const { rows } = await sql<{
      low: number | null;
      n: number;
    }>`SELECT min(id) AS low, count(*) AS n
      FROM (SELECT id FROM news_items WHERE id < ${position} ORDER BY id DESC LIMIT ${batch})`.execute(
      tx,
    );
    const { low, n } = rows[0] ?? { low: null, n: 0 };
    if (low === null) {
      await finishSearchIndex(tx);
      return 'done';
    }
    await sql`INSERT INTO news_items_search (rowid, title, summary_text, content_text)
      SELECT ${sql.raw(searchKey('news_items'))}, title, summary_text, coalesce(content_text, '')
      FROM news_items WHERE id >= ${low} AND id < ${position} ORDER BY 1`.execute(tx);
    await tx
      .updateTable('app_meta')
      .set({ value: String(low), updated_at: Date.now() })
      .where('key', '=', SEARCH_INDEX_BELOW)
      .execute();
    return n;
  });
}

/** Each batch aims at this long: the driver is synchronous, so a request waits for one batch at most. */
export const COPY_BATCH_TARGET_MS = 8;
const BATCH_MIN = 10;
const BATCH_MAX = 5000;
const PROGRESS_EVERY_MS = 15_000;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface SearchIndexCopy {
  /** Stops after the batch under way; the position is kept, the next start goes on from it. */
  stop(): Promise<void>;
  /** Settles when the copy is done or stopped. */
  readonly finished: Promise<void>;
}

/** Runs the copy in the background when one is pending (SQLite); a no-op otherwise. */
export function startSearchIndexCopy(ctx: {
  db: DB;
  dialect: Dialect;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}): SearchIndexCopy {
  const controller = new AbortController();
  const finished = (async () => {
    if ((await searchIndexOf(ctx.db, ctx.dialect)) === 'time') return;
    const startedAt = performance.now();
    let batch = 100;
    let copied = 0;
    let reportAt = startedAt + PROGRESS_EVERY_MS;
    ctx.log.info('search index: copying the stored items into the index keyed by publish time');
    while (!controller.signal.aborted) {
      const t0 = performance.now();
      const result = await copySearchBatch(ctx.db, batch);
      if (result === 'done') {
        complete.add(ctx.db);
        ctx.log.info(
          `search index: ready (${copied} items copied in ${Math.round((performance.now() - startedAt) / 1000)} s)`,
        );
        return;
      }
      copied += result;
      // Grow or shrink the next batch toward the target time (at most ×2 or ÷2 a step).
      const ms = Math.max(0.1, performance.now() - t0);
      const factor = Math.min(2, Math.max(0.5, COPY_BATCH_TARGET_MS / ms));
      batch = Math.round(Math.min(BATCH_MAX, Math.max(BATCH_MIN, batch * factor)));
      if (performance.now() > reportAt) {
        ctx.log.info(`search index: ${copied} items copied so far`);
        reportAt += PROGRESS_EVERY_MS;
      }
      await yieldToEventLoop();
    }
  })().catch((err: unknown) => {
    ctx.log.error({ err }, 'search index: the copy failed; searches keep using the old index');
  });
  return {
    finished,
    async stop() {
      controller.abort();
      await finished;
    },
  };
}
