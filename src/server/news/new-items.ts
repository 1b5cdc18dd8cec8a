// Stories stored since a point, for modules that watch the feed (alerts): new
// stories are found by item id (ids only grow), whoever stored them, never by a
// per-item hook. Matching uses the feed's own full-text search.
import type { DB, Dialect } from '../db/database';
import { searchTokens } from './search';
import { itemMatches } from './search-match';

/** The highest item id stored (0 when there is none). */
export async function latestItemId(db: DB): Promise<number> {
  const row = await db
    .selectFrom('news_items')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return row?.id ?? 0;
}

export interface NewItem {
  id: number;
  title: string;
  url: string;
  source_id: number;
  source_name: string;
  /** The source's owner (null: a default source). */
  source_user_id: number | null;
  source_enabled: 0 | 1;
}

/** Items with afterId < id ≤ upToId, in id order (one primary-key range). */
export async function itemsInRange(db: DB, afterId: number, upToId: number): Promise<NewItem[]> {
  return db
    .selectFrom('news_items')
    .innerJoin('news_sources', 'news_sources.id', 'news_items.source_id')
    .select([
      'news_items.id',
      'news_items.title',
      'news_items.url',
      'news_items.source_id',
      'news_sources.name as source_name',
      'news_sources.user_id as source_user_id',
      'news_sources.is_enabled as source_enabled',
    ])
    .where('news_items.id', '>', afterId)
    .where('news_items.id', '<=', upToId)
    .orderBy('news_items.id')
    .execute();
}

/** The ids in (afterId, upToId] that the feed's search for `query` finds. */
export async function searchIdsInRange(
  db: DB,
  dialect: Dialect,
  query: string,
  afterId: number,
  upToId: number,
): Promise<Set<number>> {
  const tokens = searchTokens(query);
  if (tokens.length === 0) return new Set();
  // Items above the search index's copy position are always in the new index (search-index.ts).
  const rows = await db
    .selectFrom('news_items')
    .select('id')
    .where('id', '>', afterId)
    .where('id', '<=', upToId)
    .where(itemMatches(dialect, tokens))
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Per user, the sources among `sourceIds` they switched off (default sources only have switches). */
export async function switchedOffSources(
  db: DB,
  userIds: number[],
  sourceIds: number[],
): Promise<Map<number, Set<number>>> {
  const map = new Map<number, Set<number>>();
  if (userIds.length === 0 || sourceIds.length === 0) return map;
  for (let i = 0; i < userIds.length; i += 500) {
    const rows = await db
      .selectFrom('source_preferences')
      .select(['user_id', 'source_id'])
      .where('user_id', 'in', userIds.slice(i, i + 500))
      .where('source_id', 'in', sourceIds.slice(0, 5000))
      .where('is_enabled', '=', 0)
      .execute();
    for (const r of rows) {
      const set = map.get(r.user_id);
      if (set) set.add(r.source_id);
      else map.set(r.user_id, new Set([r.source_id]));
    }
  }
  return map;
}
