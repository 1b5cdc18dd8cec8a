// SQL for the feed list. Two steps: find the page's ids from an index alone,
// then load those rows with their source. The first step is where a million
// items are; see plan() in list.ts for how it picks an index.
import { sql } from 'kysely';
import type { DB, Dialect } from '../db/database';
import {
  col,
  cursorCondition,
  filterConditions,
  type FeedFilter,
  type FeedPage,
  type Strategy,
} from './filter';
import { searchCondition } from './search-match';
import { sqliteSortedMatchIds } from './search-sqlite';

export {
  SORT_COLUMNS,
  type FeedFilter,
  type FeedPage,
  type SortColumn,
  type Strategy,
} from './filter';

/** The query for the ids of one page of the feed, in feed order (a search walks it with a per-row check). */
function pageIdsQuery(
  db: DB,
  dialect: Dialect,
  filter: FeedFilter,
  page: FeedPage,
  strategy: Strategy,
) {
  const sortExpr = col(dialect, strategy, true, page.column);
  const idExpr = col(dialect, strategy, true, 'id');
  let query = db
    .selectFrom('news_items')
    .select('news_items.id')
    .where((eb) => {
      const conditions = [
        ...filterConditions(eb, dialect, filter, strategy),
        ...cursorCondition(eb, page),
      ];
      if (filter.searchTokens) conditions.push(searchCondition(dialect, filter));
      return eb.and(conditions);
    })
    .orderBy(sortExpr, page.order)
    .orderBy(idExpr, page.order)
    .limit(page.limit);
  if (page.offset > 0) query = query.offset(page.offset);
  return query;
}

/**
 * Ids of one page of the feed, in feed order. A SQLite search with 'match'
 * reads every match and sorts them (search-sqlite.ts); anything else is one query.
 */
export async function findPageIds(
  db: DB,
  dialect: Dialect,
  filter: FeedFilter,
  page: FeedPage,
  strategy: Strategy,
): Promise<number[]> {
  if (dialect === 'sqlite' && filter.searchTokens && strategy === 'match')
    return sqliteSortedMatchIds(db, filter, page);
  const rows = await pageIdsQuery(db, dialect, filter, page, strategy).execute();
  return rows.map((r) => r.id);
}

/** One page's ids with their sort values, in order (no search: news/stream.ts). */
export async function findPageKeys(
  db: DB,
  dialect: Dialect,
  filter: FeedFilter,
  page: FeedPage,
  strategy: Strategy,
): Promise<Array<{ id: number; value: number }>> {
  if (filter.searchTokens) throw new Error('findPageKeys reads no search');
  const rows = await pageIdsQuery(db, dialect, filter, page, strategy)
    .select(sql.ref<number>(`news_items.${page.column}`).as('value'))
    .execute();
  return rows.map((r) => ({ id: r.id, value: r.value }));
}

/** One page of the feed with each item's source, in feed order; one round trip where the query allows. */
export async function findPage(
  db: DB,
  dialect: Dialect,
  filter: FeedFilter,
  page: FeedPage,
  strategy: Strategy,
): Promise<FeedRow[]> {
  if (dialect === 'sqlite' && filter.searchTokens && strategy === 'match') {
    const ids = await findPageIds(db, dialect, filter, page, strategy);
    return inOrder(ids, await findItemsByIds(db, ids));
  }
  return feedRows(db)
    .where('news_items.id', 'in', pageIdsQuery(db, dialect, filter, page, strategy))
    .orderBy(`news_items.${page.column}`, page.order)
    .orderBy('news_items.id', page.order)
    .execute();
}

/** Rows in the order of the given ids; ids without a row are left out. */
export function inOrder(ids: number[], rows: FeedRow[]): FeedRow[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Number of items within a filter without a search (a read, saved, type or
 * breaking filter the maintained counters cannot answer), counting no further
 * than `limit`: the count stops there instead of reading every row. It walks the
 * publish-time index ('sort'), which holds every filtered column.
 */
export async function countFiltered(
  db: DB,
  dialect: Dialect,
  filter: FeedFilter,
  limit: number,
): Promise<number> {
  const row = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('news_items')
        .select(sql<number>`1`.as('one'))
        .where((eb) => eb.and(filterConditions(eb, dialect, filter, 'sort')))
        .limit(limit)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The feed's rows for the given ids with their source's name and type, in no particular order. */
export async function findItemsByIds(db: DB, ids: number[]) {
  if (ids.length === 0) return [];
  return feedRows(db).where('news_items.id', 'in', ids).execute();
}

function feedRows(db: DB) {
  return db
    .selectFrom('news_items')
    .leftJoin('news_sources', 'news_sources.id', 'news_items.source_id')
    .select([
      'news_items.id',
      'news_items.source_id',
      'news_items.url',
      'news_items.title',
      'news_items.summary',
      'news_items.summary_text',
      'news_items.content',
      'news_items.image_url',
      'news_items.author',
      'news_items.published_at',
      'news_items.fetched_at',
      'news_items.item_type',
      'news_items.is_breaking',
      'news_items.engagement_score',
      'news_items.extra',
      'news_sources.name as source_name',
      'news_sources.source_type as source_type',
    ]);
}

export type FeedRow = Awaited<ReturnType<typeof findItemsByIds>>[number];
