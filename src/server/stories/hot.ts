// The Hot view's ranking: stories by how many distinct sources of a feed
// carried them in the last hours (STORY_HOT_HOURS), with the count. Also what
// the AI briefings and the Fever API's links read (hotStories).
//
// One range of the story_members_recent index (published_at, story_id,
// source_id), grouped by story: only clustered items are in it, so its size is
// the day's clustered items, not the store's.
import { sql } from 'kysely';
import { dialectOf, type DB } from '../db/database';
import { isBetter } from './primary';

export interface HotStory {
  storyId: number;
  /** Distinct sources of the feed that carried it since `since`. */
  sourceCount: number;
  /** Its newest item's publication time in the window. */
  latestAt: number;
}

/**
 * Stories carried by at least two of `sourceIds` since `since` (and before
 * `until`), most sources first, then newest.
 */
export async function hotStories(
  db: DB,
  sourceIds: readonly number[],
  since: number,
  limit = 1_000,
  until = Number.MAX_SAFE_INTEGER,
): Promise<HotStory[]> {
  if (sourceIds.length === 0) return [];
  // SQLite would walk the whole (story_id, …) index to group without sorting; the
  // day's range of story_members_recent is far smaller (bench/README.md, stories).
  const table =
    dialectOf(db) === 'sqlite'
      ? sql`story_members INDEXED BY story_members_recent`
      : sql`story_members`;
  const { rows } = await sql<{ story_id: number; sources: number; latest: number }>`
    SELECT story_id, count(DISTINCT source_id) AS sources, max(published_at) AS latest
    FROM ${table}
    WHERE published_at >= ${since} AND published_at < ${until}
      AND source_id IN (${sql.join([...sourceIds])})
    GROUP BY story_id
    HAVING count(DISTINCT source_id) >= 2
    ORDER BY sources DESC, latest DESC, story_id DESC
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({
    storyId: r.story_id,
    sourceCount: r.sources,
    latestAt: r.latest,
  }));
}

/** Each story's best member among `sourceIds` (its primary in that feed). */
export async function primariesOf(
  db: DB,
  storyIds: readonly number[],
  sourceIds: readonly number[],
): Promise<Map<number, number>> {
  const best = new Map<number, { id: number; rank: number }>();
  if (storyIds.length === 0 || sourceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('story_members')
    .where('story_id', 'in', [...storyIds])
    .where('source_id', 'in', [...sourceIds])
    .select(['story_id', 'item_id', 'story_rank'])
    .execute();
  for (const r of rows) {
    const candidate = { id: r.item_id, rank: r.story_rank };
    const held = best.get(r.story_id);
    if (!held || isBetter(candidate, held)) best.set(r.story_id, candidate);
  }
  return new Map([...best].map(([story, m]) => [story, m.id]));
}

/**
 * Of `ids` (every item that passes a feed's filters, in feed order), those whose
 * story has no better member among `ids` itself: one story once, decided in
 * memory for a list the list code already holds (the unread items read directly).
 */
export async function keepPrimaries(db: DB, ids: readonly number[]): Promise<Set<number>> {
  const keep = new Set(ids);
  const rows: Array<{ item_id: number; story_id: number; story_rank: number }> = [];
  for (let i = 0; i < ids.length; i += 500) {
    rows.push(
      ...(await db
        .selectFrom('story_members')
        .where('item_id', 'in', ids.slice(i, i + 500))
        .select(['item_id', 'story_id', 'story_rank'])
        .execute()),
    );
  }
  const best = new Map<number, { id: number; rank: number }>();
  for (const r of rows) {
    const candidate = { id: r.item_id, rank: r.story_rank };
    const held = best.get(r.story_id);
    if (!held || isBetter(candidate, held)) best.set(r.story_id, candidate);
  }
  for (const r of rows) if (best.get(r.story_id)!.id !== r.item_id) keep.delete(r.item_id);
  return keep;
}
