// SQL for the feed list. Two steps: find the page's ids from an index alone,
// then load those rows with their source. The first step is where a million
// items are; see plan() in list.ts for how it picks an index.
import {
  expressionBuilder,
  sql,
  type Expression,
  type ExpressionBuilder,
  type SqlBool,
} from 'kysely';
import type { DB, Dialect } from '../db/database';
import type { Database } from '../db/tables';
import type { Cursor } from './cursor';
import { toFts5Query, toTsQuery } from './search';
import { readingConditions, type ReadingFilter } from '../reading/list-filter';
import { topicConditions } from '../topics/list-filter';
import { MEMBER, notOutranked } from '../stories/list-filter';

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

type Eb = ExpressionBuilder<Database, 'news_items'>;

// On SQLite a unary + in front of a column keeps the planner from using an index
// for that term; that is how a strategy is imposed without INDEXED BY.
const col = (dialect: Dialect, strategy: Strategy, forSort: boolean, name: string) =>
  dialect === 'sqlite' && (strategy === 'sort') !== forSort
    ? sql.raw(`+news_items.${name}`)
    : sql.ref(`news_items.${name}`);

/** Source, type and breaking conditions, and the search on PostgreSQL. */
function filterConditions(
  eb: Eb,
  dialect: Dialect,
  filter: FeedFilter,
  strategy: Strategy,
): Expression<SqlBool>[] {
  // With a topic the candidates are the topic's items (item_topics_topic), never a
  // source's slice: on SQLite the source term then stays off the index ('sort').
  const sourceStrategy = filter.topic !== undefined ? 'sort' : strategy;
  const conditions: Expression<SqlBool>[] = [
    eb(col(dialect, sourceStrategy, false, 'source_id'), 'in', filter.sourceIds),
  ];
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
  if (filter.searchTokens && dialect === 'postgres') {
    conditions.push(
      sql<SqlBool>`news_items.search_vector @@ to_tsquery('english', ${toTsQuery(filter.searchTokens)})`,
    );
  }
  if (filter.grouped)
    conditions.push(notOutranked(filter.sourceIds, memberConditions(eb, dialect, filter)));
  return conditions;
}

/** The filter's conditions besides the sources, on a story's other member (the MEMBER alias). */
function memberConditions(eb: Eb, dialect: Dialect, filter: FeedFilter): Expression<SqlBool>[] {
  const member = sql.table(MEMBER);
  const conditions: Expression<SqlBool>[] = [];
  if (filter.itemType !== undefined)
    conditions.push(sql<SqlBool>`${member}.item_type = ${filter.itemType}`);
  if (filter.isBreaking !== undefined)
    conditions.push(sql<SqlBool>`${member}.is_breaking = ${filter.isBreaking ? 1 : 0}`);
  conditions.push(...readingConditions(eb, filter.reading, MEMBER));
  if (filter.searchTokens)
    conditions.push(
      dialect === 'postgres'
        ? sql<SqlBool>`${member}.search_vector @@ to_tsquery('english', ${toTsQuery(filter.searchTokens)})`
        : sql<SqlBool>`${member}.id IN (SELECT rowid FROM news_items_fts WHERE news_items_fts MATCH ${toFts5Query(filter.searchTokens)})`,
    );
  return conditions;
}

function cursorCondition(eb: Eb, page: FeedPage): Expression<SqlBool>[] {
  if (!page.cursor) return [];
  return [
    eb(
      eb.refTuple(`news_items.${page.column}`, 'news_items.id'),
      page.order === 'desc' ? '<' : '>',
      eb.tuple(page.cursor.value, page.cursor.id),
    ),
  ];
}

/**
 * SQLite search, reading the matches: every full-text match is looked up in
 * news_items_id_cover (never the table) for its source, type and sort values.
 * The source filter must not become an index term here (+source_id): crossed
 * with the match list it would multiply the lookups.
 */
function sqliteMatches(filter: FeedFilter, extra: (eb: Eb) => Expression<SqlBool>[] = () => []) {
  const eb = expressionBuilder<Database, 'news_items'>();
  const where = eb.and([...filterConditions(eb, 'sqlite', filter, 'sort'), ...extra(eb)]);
  return sql`news_items_fts JOIN news_items INDEXED BY news_items_id_cover ON news_items.id = news_items_fts.rowid
    WHERE news_items_fts MATCH ${toFts5Query(filter.searchTokens ?? [])} AND ${where}`;
}

const readsSqliteMatches = (dialect: Dialect, filter: FeedFilter, strategy: Strategy) =>
  dialect === 'sqlite' && filter.searchTokens !== undefined && strategy === 'match';

/** The query for the ids of one page of the feed, in feed order (not for readsSqliteMatches). */
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
      if (dialect === 'sqlite' && filter.searchTokens) {
        // Walking the sort index: the matches become a set each entry is checked against.
        conditions.push(
          sql<SqlBool>`+news_items.id IN (SELECT rowid FROM news_items_fts WHERE news_items_fts MATCH ${toFts5Query(filter.searchTokens)})`,
        );
      }
      return eb.and(conditions);
    })
    .orderBy(sortExpr, page.order)
    .orderBy(idExpr, page.order)
    .limit(page.limit);
  if (page.offset > 0) query = query.offset(page.offset);
  return query;
}

/** Ids of one page of the feed, in feed order. */
export async function findPageIds(
  db: DB,
  dialect: Dialect,
  filter: FeedFilter,
  page: FeedPage,
  strategy: Strategy,
): Promise<number[]> {
  if (readsSqliteMatches(dialect, filter, strategy)) {
    const order = sql.raw(page.order);
    const { rows } = await sql<{
      id: number;
    }>`SELECT news_items.id FROM ${sqliteMatches(filter, (eb) => cursorCondition(eb, page))}
      ORDER BY ${sql.ref(`news_items.${page.column}`)} ${order}, news_items.id ${order}
      LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
    return rows.map((r) => r.id);
  }
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
  if (readsSqliteMatches(dialect, filter, strategy)) {
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

/** The first `limit` search matches in feed order, with their sort values (see search-cache.ts). */
export async function findMatches(
  db: DB,
  dialect: Dialect,
  filter: FeedFilter,
  column: SortColumn,
  order: 'asc' | 'desc',
  limit: number,
): Promise<Array<{ id: number; value: number }>> {
  let rows: Array<{ id: number; value: number }>;
  if (dialect === 'sqlite') {
    const dir = sql.raw(order);
    rows = (
      await sql<{
        id: number;
        value: number;
      }>`SELECT news_items.id AS id, ${sql.ref(`news_items.${column}`)} AS value
        FROM ${sqliteMatches(filter)} ORDER BY value ${dir}, id ${dir} LIMIT ${limit}`.execute(db)
    ).rows;
  } else {
    rows = await db
      .selectFrom('news_items')
      .select(['news_items.id as id', `news_items.${column} as value`])
      .where((eb) => eb.and(filterConditions(eb, dialect, filter, 'match')))
      .orderBy(`news_items.${column}`, order)
      .orderBy('news_items.id', order)
      .limit(limit)
      .execute();
  }
  return rows.map((r) => ({ id: r.id, value: r.value }));
}

/** Number of items within the filter (searched or not). */
export async function countFiltered(db: DB, dialect: Dialect, filter: FeedFilter): Promise<number> {
  if (filter.searchTokens) return countMatches(db, dialect, filter);
  const row = await db
    .selectFrom('news_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.and(filterConditions(eb, dialect, filter, 'match')))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Number of search matches within the filter. */
export async function countMatches(db: DB, dialect: Dialect, filter: FeedFilter): Promise<number> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM ${sqliteMatches(filter)}`.execute(db);
    return rows[0]?.n ?? 0;
  }
  const row = await db
    .selectFrom('news_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.and(filterConditions(eb, dialect, filter, 'match')))
    .executeTakeFirstOrThrow();
  return row.n;
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
