// SQLite search: matches read from the full-text index, each checked against
// the filter in news_items_id_cover. news_items_search hands them out in publish
// order to the hour (migration 0014), so a newest- or oldest-first page, and a
// count that stops at a limit, read only as far as they need, whatever the word.
import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import type { DB } from '../db/database';
import type { Database } from '../db/tables';
import { betterMembersOf } from '../stories/list-filter';
import {
  cursorCondition,
  filterConditions,
  memberConditions,
  type FeedFilter,
  type FeedPage,
} from './filter';
import {
  hourStart,
  keyHour,
  searchKeyOf,
  sqliteMatchKey,
  sqliteMatchKeysBetween,
  sqliteMatchSource,
} from './search-match';

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
 * Matches read past the page in one go, to take in the rest of its last hour:
 * a few dozen, or a quarter of a deep page (where a common word's hour, a few
 * hundred matches, costs least against the page).
 */
const slack = (need: number) => Math.max(64, need >> 2);

interface Timed {
  id: number;
  published_at: number;
  hour: number;
  /** The match's key in news_items_search. */
  k: number;
}

/**
 * One story once, for matches read in key order: drops each match that a better
 * member of its story, also in the feed and also a match, stands for. In SQL that
 * is a full-text seek per member (about 40 µs each on SQLite, three times the
 * cost of the page at a million items); here the members of the whole batch are
 * read in one query and their matches in one read of the index over their keys.
 */
async function outranked(db: DB, filter: FeedFilter, rows: Timed[]): Promise<Set<number>> {
  const eb = expressionBuilder<Database, 'news_items'>();
  const better = await betterMembersOf(
    db,
    rows.map((r) => r.id),
    filter.sourceIds,
    memberConditions(eb, 'sqlite', filter, false),
  );
  const out = new Set<number>();
  if (better.length === 0) return out;
  const keys = better.map((b) => searchKeyOf(b.published, b.member));
  const from = keys.reduce((a, b) => Math.min(a, b));
  const to = keys.reduce((a, b) => Math.max(a, b));
  const { rows: found } = await sqliteMatchKeysBetween(filter, from, to).execute(db);
  const matched = new Set(found.map((r) => r.k));
  better.forEach((b, i) => {
    if (matched.has(keys[i])) out.add(b.item);
  });
  return out;
}

/**
 * Matches within the filter in key order, at most `limit`. Grouped, the read goes
 * on until `limit` are left after outranked().
 */
async function inKeyOrder(
  db: DB,
  filter: FeedFilter,
  conditions: Expression<SqlBool>[],
  limit: number | null,
  desc: boolean,
): Promise<Timed[]> {
  const key = sqliteMatchKey(filter);
  const grouped = filter.grouped === true;
  const plain = grouped ? { ...filter, grouped: false } : filter;
  const read = async (where: Expression<SqlBool>[], n: number | null) =>
    (
      await sql<Timed>`SELECT news_items.id, news_items.published_at, ${key} >> 31 AS hour, ${key} AS k
      FROM ${matches(plain, where)} ORDER BY ${key} ${sql.raw(desc ? 'desc' : 'asc')}
      ${n === null ? sql`` : sql`LIMIT ${n}`}`.execute(db)
    ).rows;
  if (!grouped) return read(conditions, limit);
  const kept: Timed[] = [];
  let where = conditions;
  let batch = limit;
  for (;;) {
    const rows = await read(where, batch);
    const drop = await outranked(db, filter, rows);
    for (const r of rows) if (!drop.has(r.id)) kept.push(r);
    if (limit === null || batch === null || rows.length < batch || kept.length >= limit)
      return limit === null ? kept : kept.slice(0, limit);
    // An integer bound: FTS5 takes no rowid bound from a float (search-match.ts).
    const last = rows[rows.length - 1].k;
    where = [
      ...conditions,
      desc
        ? sql<SqlBool>`${key} < CAST(${last} AS INTEGER)`
        : sql<SqlBool>`${key} > CAST(${last} AS INTEGER)`,
    ];
    batch = Math.max(64, 2 * (limit - kept.length));
  }
}

/**
 * One page of a search in publish order (either direction) from news_items_search,
 * and whether more follow: the cost is the page's depth, not the number of
 * matches. The index orders by hour and id, the feed by millisecond and id, so
 * the match one past the page fixes an hour, and the matches from the top to
 * the end of that hour are sorted exactly: one read of the page's matches and a
 * few dozen more, which usually hold the rest of that hour; a second read
 * when they do not.
 */
export async function sqliteSearchPageByTime(
  db: DB,
  filter: FeedFilter,
  page: Omit<FeedPage, 'column'>,
): Promise<{ ids: number[]; more: boolean }> {
  const desc = page.order === 'desc';
  const sign = desc ? -1 : 1;
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
  const read = async (conditions: Expression<SqlBool>[], limit: number | null) => ({
    rows: await inKeyOrder(db, filter, conditions, limit, desc),
  });
  const need = page.offset + page.limit + 1;
  let { rows } = await read(after, need + slack(need));
  if (rows.length >= need) {
    const edge = rows[need - 1].hour;
    const inHour = (r: Timed) => (desc ? r.hour >= edge : r.hour <= edge);
    // Every match of the edge's hour read: keep up to it. Else read to its end.
    if (rows.some((r) => !inHour(r))) rows = rows.filter(inHour);
    else {
      const bound = desc
        ? sql<SqlBool>`${key} >= ${hourStart(edge)}`
        : sql<SqlBool>`${key} < ${hourStart(edge + 1)}`;
      ({ rows } = await read([...after, bound], null));
    }
  }
  const ids = rows
    .toSorted((a, b) => sign * (a.published_at - b.published_at || a.id - b.id))
    .slice(page.offset, page.offset + page.limit + 1)
    .map((r) => r.id);
  return { ids: ids.slice(0, page.limit), more: ids.length > page.limit };
}
