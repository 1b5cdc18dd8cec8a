// SQLite search: matches read from the full-text index, each checked against
// the filter in news_items_id_cover. news_items_search hands them out in publish
// order to the hour (migration 0014), so a newest- or oldest-first page, and a
// count that stops at a limit, read only as far as they need, whatever the word.
import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import type { DB } from '../db/database';
import type { Database } from '../db/tables';
import { cursorCondition, filterConditions, type FeedFilter, type FeedPage } from './filter';
import { hourStart, keyHour, sqliteMatchKey, sqliteMatchSource } from './search-match';

/** `FROM … WHERE` of the matches within the filter, and any further conditions. */
function matches(filter: FeedFilter, extra: Expression<SqlBool>[] = []) {
  const eb = expressionBuilder<Database, 'news_items'>();
  const where = eb.and([...filterConditions(eb, 'sqlite', filter, 'sort'), ...extra]);
  return sql`${sqliteMatchSource(filter)} AND ${where}`;
}

/** Matches within the filter, counting no further than `limit`. */
export async function sqliteCountMatches(
  db: DB,
  filter: FeedFilter,
  limit: number,
): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*) AS n FROM (SELECT 1 FROM ${matches(filter)} LIMIT ${limit})`.execute(db);
  return rows[0]?.n ?? 0;
}

/** The first `limit` matches in feed order with their sort values: reads every match and sorts them. */
export async function sqliteMatchList(
  db: DB,
  filter: FeedFilter,
  page: Pick<FeedPage, 'column' | 'order'>,
  limit: number,
): Promise<Array<{ id: number; value: number }>> {
  const dir = sql.raw(page.order);
  const { rows } = await sql<{ id: number; value: number }>`SELECT news_items.id AS id,
    ${sql.ref(`news_items.${page.column}`)} AS value FROM ${matches(filter)}
    ORDER BY value ${dir}, id ${dir} LIMIT ${limit}`.execute(db);
  return rows;
}

/** One page of ids by reading every match after the cursor and sorting them. */
export async function sqliteSortedMatchIds(
  db: DB,
  filter: FeedFilter,
  page: FeedPage,
): Promise<number[]> {
  const dir = sql.raw(page.order);
  const eb = expressionBuilder<Database, 'news_items'>();
  const { rows } = await sql<{ id: number }>`SELECT news_items.id FROM ${matches(
    filter,
    cursorCondition(eb, page),
  )} ORDER BY ${sql.ref(`news_items.${page.column}`)} ${dir}, news_items.id ${dir}
    LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * One page of a search in publish order (either direction) from news_items_search,
 * and whether more follow: the cost is the page's depth, not the number of
 * matches. The index orders by hour and id, the feed by millisecond and id, so
 * the match one past the page fixes an hour, and the matches from the top down
 * to the end of that hour are sorted exactly (the page and the rest of its last
 * hour: a few more rows).
 */
export async function sqliteSearchPageByTime(
  db: DB,
  filter: FeedFilter,
  page: Omit<FeedPage, 'column'>,
): Promise<{ ids: number[]; more: boolean }> {
  const desc = page.order === 'desc';
  const dir = sql.raw(page.order);
  const key = sqliteMatchKey(filter);
  const eb = expressionBuilder<Database, 'news_items'>();
  const after = cursorCondition(eb, { ...page, column: 'published_at' });
  // The cursor's hour bounds the index walk; the exact cursor condition does the rest.
  if (page.cursor) {
    const hour = keyHour(page.cursor.value);
    after.push(
      desc
        ? sql<SqlBool>`${key} < ${hourStart(hour + 1)}`
        : sql<SqlBool>`${key} >= ${hourStart(hour)}`,
    );
  }
  const need = page.offset + page.limit + 1;
  const { rows: edge } = await sql<{ hour: number }>`SELECT ${key} >> 31 AS hour
    FROM ${matches(filter, after)} ORDER BY ${key} ${dir} LIMIT 1 OFFSET ${need - 1}`.execute(db);
  const within = [...after];
  if (edge.length) {
    const hour = edge[0].hour;
    within.push(
      desc
        ? sql<SqlBool>`${key} >= ${hourStart(hour)}`
        : sql<SqlBool>`${key} < ${hourStart(hour + 1)}`,
    );
  }
  const { rows } = await sql<{ id: number }>`SELECT news_items.id FROM ${matches(filter, within)}
    ORDER BY news_items.published_at ${dir}, news_items.id ${dir}
    LIMIT ${page.limit + 1} OFFSET ${page.offset}`.execute(db);
  const ids = rows.map((r) => r.id);
  return { ids: ids.slice(0, page.limit), more: ids.length > page.limit };
}
