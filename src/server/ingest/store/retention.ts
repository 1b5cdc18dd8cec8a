// What ingestion stores of a source's fetched items: items published more than
// the purge age ago (30 days, spec 001 §9) are not stored again after the
// purge deleted them, but every source keeps its newest KEEP_NEWEST_PER_SOURCE
// stories whatever their age, so a quiet blog still shows. The purge
// (news/retention.ts) applies the same rule to what is stored.
import type { DB, Tx } from '../../db/database';

/** The spec's purge age (PURGE_AGE_DAYS can change it; the admin panel's texts say the configured age). */
export const PURGE_AGE_DAYS = 30;
/** Stories of each source kept whatever their age. */
export const KEEP_NEWEST_PER_SOURCE = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Items published before this instant are old enough to purge; 0 days: none ever are. */
export const purgeCutoff = (now: number, ageDays: number) =>
  ageDays > 0 ? now - ageDays * DAY_MS : -Infinity;

/** Whether an item published at `publishedAt` is still young enough to store. */
export const isWithinRetention = (publishedAt: number, now: number, ageDays: number) =>
  publishedAt >= purgeCutoff(now, ageDays);

/**
 * Which of a source's fetched items to store: those within the retention, and
 * older ones that are among the source's newest KEEP_NEWEST_PER_SOURCE (its
 * stored items and this fetch together), so a feed whose stories are all old
 * still shows its newest ones. Reads at most that many stored rows.
 */
export async function retainedItems<T extends { dedupeKey: string; publishedAt: number }>(
  db: DB | Tx,
  sourceId: number,
  items: T[],
  now: number,
  ageDays: number,
): Promise<T[]> {
  const old = items.filter((item) => !isWithinRetention(item.publishedAt, now, ageDays));
  if (old.length === 0) return items;
  const stored = await db
    .selectFrom('news_items')
    .select(['dedupe_key', 'published_at'])
    .where('source_id', '=', sourceId)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(KEEP_NEWEST_PER_SOURCE)
    .execute();
  const times = new Map(stored.map((r) => [r.dedupe_key, r.published_at]));
  for (const item of items) times.set(item.dedupeKey, item.publishedAt);
  const newest = new Set(
    [...times]
      .toSorted((a, b) => b[1] - a[1])
      .slice(0, KEEP_NEWEST_PER_SOURCE)
      .map(([key]) => key),
  );
  return items.filter(
    (item) => isWithinRetention(item.publishedAt, now, ageDays) || newest.has(item.dedupeKey),
  );
}
