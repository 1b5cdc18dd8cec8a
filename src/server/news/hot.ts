// "Hot" stories for the Fever API's links: the stories (clustered across
// sources at ingestion: stories/) that the most sources in a user's feed
// carried within a time range, each with its primary item, as the Hot view
// and the AI briefings rank them (stories/hot.ts).
import type { DB } from '../db/database';
import { isActiveFor } from '../sources/visibility';
import { hotStories as rankedStories, primariesOf } from '../stories/hot';
import { storyMemberIds } from '../stories/list-filter';

export interface HotStory {
  url: string;
  title: string;
  /** Distinct sources that carried the story in the range. */
  sources: number;
  /** The story's primary item in the user's feed, and every item of it there, newest first. */
  itemId: number;
  sourceId: number;
  itemIds: number[];
}

export interface HotQuery {
  /** Published at or after (ms). */
  from: number;
  /** Published before (ms). */
  to: number;
  limit: number;
  offset: number;
}

/** The user's hottest stories in the range: most sources first, then the newest. */
export async function hotStories(db: DB, userId: number, query: HotQuery): Promise<HotStory[]> {
  if (query.limit <= 0) return [];
  const sources = await db
    .selectFrom('news_sources')
    .where(isActiveFor(userId))
    .select('id')
    .execute();
  const sourceIds = sources.map((s) => s.id);
  const ranked = (
    await rankedStories(db, sourceIds, query.from, query.offset + query.limit, query.to)
  ).slice(query.offset);
  if (ranked.length === 0) return [];
  const primaries = await primariesOf(
    db,
    ranked.map((s) => s.storyId),
    sourceIds,
  );
  const items = await db
    .selectFrom('news_items')
    .where('id', 'in', [...primaries.values()])
    .select(['id', 'source_id', 'title', 'url'])
    .execute();
  const byId = new Map(items.map((i) => [i.id, i]));
  const out: HotStory[] = [];
  for (const story of ranked) {
    const item = byId.get(primaries.get(story.storyId) ?? -1);
    if (!item) continue;
    const members = await storyMemberIds(db, story.storyId, sourceIds);
    out.push({
      url: item.url,
      title: item.title,
      sources: story.sourceCount,
      itemId: item.id,
      sourceId: item.source_id,
      itemIds: members.toSorted((a, b) => b - a),
    });
  }
  return out;
}
