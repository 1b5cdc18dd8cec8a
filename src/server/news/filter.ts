// The feed list's filter and page, and the SQL conditions they make: shared by
// the list's queries (repository.ts) and the search's (search-sqlite.ts,
// search-postgres.ts).
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../db/database';
import type { Database } from '../db/tables';
import type { Cursor } from './cursor';
import { readingConditions, type ReadingFilter } from '../reading/list-filter';
import { MEMBER, notOutranked } from '../stories/list-filter';
import { topicConditions } from '../topics/list-filter';
import type { SearchIndex } from './search-index';
import { searchCondition } from './search-match';

export const SORT_COLUMNS = {
  publishedAt: 'published_at',
  engagementScore: 'engagement_score',
  fetchedAt: 'fetched_at',
} as const;
export type SortColumn = (typeof SORT_COLUMNS)[keyof typeof SORT_COLUMNS];

export interface FeedFilter {
  /** The sources the caller may see and selected; never empty here. */
  sourceIds: number[];
  itemType?: string;
  isBreaking?: boolean;
  /** Search words (see search.ts); never empty when present. */
  searchTokens?: string[];
  /** The full-text index a search reads (search-index.ts); 'time' when absent. */
  searchIndex?: SearchIndex;
  /** Read and saved filters (reading/list-filter.ts). */
  reading?: ReadingFilter;
  /** Only items of this space topic (topics/). */
  topic?: string;
  /** Items of these topics leave the feed (the user's muted topics). */
  mutedTopics?: string[];
  /** Items fetched in [min, max) (ms): the reader apps' time bounds (news/stream.ts). */
  fetched?: { min?: number; max?: number };
  /** One story once: an item whose story has a better member passing the filter is left out (stories/list-filter.ts). */
  grouped?: boolean;
}

export interface FeedPage {
  column: SortColumn;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  cursor?: Cursor;
}

/**
 * 'sort': walk the sort order's covering index and filter on the way (broad filters).
 * 'match': read only the matching rows (one source's slice, or the search matches) and sort them (narrow filters).
 */
export type Strategy = 'sort' | 'match';

export type Eb = ExpressionBuilder<Database, 'news_items'>;

// On SQLite a unary + in front of a column keeps the planner from using an index
// for that term; that is how a strategy is imposed without INDEXED BY.
export const col = (dialect: Dialect, strategy: Strategy, forSort: boolean, name: string) =>
  dialect === 'sqlite' && (strategy === 'sort') !== forSort
    ? sql.raw(`+news_items.${name}`)
    : sql.ref(`news_items.${name}`);

/**
 * Source, topic, type, breaking, reading, fetch-time and one-story-once
 * conditions (not the search itself: search-match.ts).
 */
export function filterConditions(
  eb: Eb,
  dialect: Dialect,
  filter: FeedFilter,
  strategy: Strategy,
  /** The source list only checked on rows found otherwise (a unary + keeps any index off it). */
  sourcesChecked = false,
): Expression<SqlBool>[] {
  // With a topic the candidates are the topic's items (item_topics_topic), never a
  // source's slice: on SQLite the source term then stays off the index ('sort').
  const sourceStrategy = filter.topic !== undefined ? 'sort' : strategy;
  const source = sourcesChecked
    ? sql.raw('+news_items.source_id')
    : col(dialect, sourceStrategy, false, 'source_id');
  const conditions: Expression<SqlBool>[] = [eb(source, 'in', filter.sourceIds)];
  conditions.push(...topicConditions(filter.topic, filter.mutedTopics, strategy === 'match'));
  if (filter.itemType !== undefined)
    conditions.push(eb('news_items.item_type', '=', filter.itemType));
  if (filter.isBreaking !== undefined)
    conditions.push(eb('news_items.is_breaking', '=', filter.isBreaking ? 1 : 0));
  conditions.push(...readingConditions(eb, filter.reading));
  if (filter.fetched?.min !== undefined)
    conditions.push(eb('news_items.fetched_at', '>=', filter.fetched.min));
  if (filter.fetched?.max !== undefined)
    conditions.push(eb('news_items.fetched_at', '<', filter.fetched.max));
  if (filter.grouped)
    conditions.push(notOutranked(filter.sourceIds, memberConditions(eb, dialect, filter)));
  return conditions;
}

/** The filter's conditions besides the sources, on a story's other member (the MEMBER alias). */
export function memberConditions(
  eb: Eb,
  dialect: Dialect,
  filter: FeedFilter,
  withSearch = true,
): Expression<SqlBool>[] {
  const member = sql.table(MEMBER);
  const conditions: Expression<SqlBool>[] = [];
  if (filter.itemType !== undefined)
    conditions.push(sql<SqlBool>`${member}.item_type = ${filter.itemType}`);
  if (filter.isBreaking !== undefined)
    conditions.push(sql<SqlBool>`${member}.is_breaking = ${filter.isBreaking ? 1 : 0}`);
  conditions.push(...readingConditions(eb, filter.reading, MEMBER));
  if (filter.searchTokens && withSearch) conditions.push(searchCondition(dialect, filter, MEMBER));
  return conditions;
}

export function cursorCondition(
  eb: Eb,
  page: Pick<FeedPage, 'column' | 'order' | 'cursor'>,
): Expression<SqlBool>[] {
  if (!page.cursor) return [];
  return [
    eb(
      eb.refTuple(`news_items.${page.column}`, 'news_items.id'),
      page.order === 'desc' ? '<' : '>',
      eb.tuple(page.cursor.value, page.cursor.id),
    ),
  ];
}
