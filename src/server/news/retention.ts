// How long stories are kept: items published more than 30 days ago are purged
// (spec 001 §9), and ingestion does not store them again on the next poll.
// Briefings are items too, so they follow the same rule.
import type { DB } from '../db/database';
import { countSavedBefore, notSavedByAnyone } from '../reading/list-filter';

/** The spec's purge age (PURGE_AGE_DAYS can change it; the admin panel's texts say the configured age). */
export const PURGE_AGE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
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

/** Items published before this instant are old enough to purge; 0 days: none ever are. */
export const purgeCutoff = (now: number, ageDays: number) =>
  ageDays > 0 ? now - ageDays * DAY_MS : -Infinity;

/** Whether an item published at `publishedAt` is still young enough to store. */
export const isWithinRetention = (publishedAt: number, now: number, ageDays: number) =>
  publishedAt >= purgeCutoff(now, ageDays);

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How many items old enough to purge were kept because someone saved them. */
export async function savedKept(db: DB, now: number, ageDays: number): Promise<number> {
  return ageDays > 0 ? countSavedBefore(db, purgeCutoff(now, ageDays)) : 0;
}

/**
 * Deletes items published before the cutoff (except saved ones), oldest first, in batches, giving
 * the event loop (and other connections) a turn between batches. Their
 * summaries, counters and search entries go with them (cascades and triggers).
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
  while (!options.signal?.aborted) {
    const ids = await db
      .selectFrom('news_items')
      .select('id')
      .where('published_at', '<', cutoff)
      .where(notSavedByAnyone())
      .orderBy('published_at')
      .limit(batchSize)
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
  }
  return deleted;
}
