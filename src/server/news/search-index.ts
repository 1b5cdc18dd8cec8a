// Which SQLite full-text index answers searches, and the copy that fills the new
// one on a database upgraded with items in it (migration 0014_search_by_time).
//
// The copy runs in the server, in batches of a few milliseconds from the newest
// id down, yielding to the event loop between them, so a big instance keeps
// serving (searches from the old index) while it runs. When it has copied every
// item searches move to the new index, and the old one is emptied the same way
// and dropped.
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { sqliteFileOf, type DB, type Dialect } from '../db/database';
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
      // An in-memory database has no second connection to empty the old index with.
      await finishSearchIndex(tx, sqliteFileOf(db) === null);
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

/** The next batch's size, toward the target time (at most ×2 or ÷2 a step). */
function nextBatch(batch: number, ms: number): number {
  const factor = Math.min(2, Math.max(0.5, COPY_BATCH_TARGET_MS / Math.max(0.1, ms)));
  return Math.round(Math.min(BATCH_MAX, Math.max(BATCH_MIN, batch * factor)));
}

const OLD_INDEX = 'news_items_fts';
/** The old index's big shadow tables (FTS5's), with their integer keys. */
const OLD_TABLES = [
  ['news_items_fts_data', 'id'],
  ['news_items_fts_docsize', 'id'],
] as const;

async function oldIndexExists(db: DB): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM sqlite_master WHERE name = ${OLD_INDEX}`.execute(db);
  return rows.length > 0;
}

/**
 * Drops the old id-keyed index, no longer read or written. DROP TABLE frees its
 * pages in one statement: 4.6 s for the 0.6 GB of a million items (load 11 on 2
 * cores), with the server's only thread held. So its FTS5 shadow tables are
 * emptied first in small batches, on a connection of its own that may write
 * them (SQLite refuses that to ordinary connections), and the empty table goes.
 */
async function dropOldIndex(db: DB, signal: AbortSignal): Promise<void> {
  const file = sqliteFileOf(db);
  if (!(await oldIndexExists(db))) return;
  if (file === null) {
    await sql`DROP TABLE IF EXISTS news_items_fts`.execute(db);
    return;
  }
  const raw = new SQLite(file);
  try {
    raw.pragma('busy_timeout = 5000');
    raw.unsafeMode(true);
    for (const [table, key] of OLD_TABLES) {
      const drain = raw.prepare(
        `DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} LIMIT ?)`,
      );
      let batch = 50;
      for (;;) {
        if (signal.aborted) return;
        const t0 = performance.now();
        const removed = drain.run(batch).changes;
        if (removed === 0) break;
        batch = nextBatch(batch, performance.now() - t0);
        await yieldToEventLoop();
      }
    }
    raw.exec(`DROP TABLE IF EXISTS ${OLD_INDEX}`);
  } finally {
    raw.close();
  }
}

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
    if ((await searchIndexOf(ctx.db, ctx.dialect)) === 'time') {
      if (ctx.dialect === 'sqlite') await dropOldIndex(ctx.db, controller.signal);
      return;
    }
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
        await dropOldIndex(ctx.db, controller.signal);
        return;
      }
      copied += result;
      batch = nextBatch(batch, performance.now() - t0);
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
