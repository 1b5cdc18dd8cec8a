// "Hot" stories: the story URLs that the most sources in a user's feed carried
// within a time range (URLs are canonical from ingestion: no tracking parameters,
// no fragment). The Fever API's `links` reads them. The story clustering work
// will replace how stories are grouped; callers keep this one function.
import { sql } from 'kysely';
import { dialectOf, type DB } from '../db/database';
import { isActiveFor } from '../sources/visibility';

export interface HotStory {
  url: string;
  title: string;
  /** Distinct sources that carried the URL in the range. */
  sources: number;
  /** The newest item of the story, and every item of it in the range (newest first). */
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
  const sources = await db
    .selectFrom('news_sources')
    .where(isActiveFor(userId))
    .select('id')
    .execute();
  const sourceIds = sources.map((s) => s.id);
  if (sourceIds.length === 0 || query.limit <= 0) return [];
  // One pass over the range's items (the publication index, then each row's URL):
  // only URLs that two or more sources carried are kept, with their items' ids.
  const idList =
    dialectOf(db) === 'postgres'
      ? sql<string>`string_agg(id::text, ',')`
      : sql<string>`group_concat(id, ',')`;
  const ranked = await db
    .selectFrom('news_items')
    .where('published_at', '>=', query.from)
    .where('published_at', '<', query.to)
    .where('source_id', 'in', sourceIds)
    .groupBy('url')
    .having(sql<number>`count(DISTINCT source_id)`, '>=', 2)
    .select([
      'url',
      sql<number | string>`count(DISTINCT source_id)`.as('n'),
      sql<number>`max(id)`.as('newest'),
      idList.as('ids'),
    ])
    .orderBy('n', 'desc')
    .orderBy('newest', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  if (ranked.length === 0) return [];
  const newest = await db
    .selectFrom('news_items')
    .where(
      'id',
      'in',
      ranked.map((r) => r.newest),
    )
    .select(['id', 'source_id', 'title'])
    .execute();
  const byId = new Map(newest.map((i) => [i.id, i]));
  return ranked.flatMap((r) => {
    const item = byId.get(r.newest);
    if (!item) return [];
    const itemIds = r.ids
      .split(',')
      .map(Number)
      .toSorted((a, b) => b - a);
    return [
      {
        url: r.url,
        title: item.title,
        sources: Number(r.n),
        itemId: item.id,
        sourceId: item.source_id,
        itemIds,
      },
    ];
  });
}
