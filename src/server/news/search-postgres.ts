// PostgreSQL search. The GIN index answers "which rows hold these words" as a
// bitmap in no useful order, and every row it names costs a heap visit (the
// publish time lives there): a word in 2 % of a million items meant 20,000
// visits (170-300 ms) before the newest 20 could be picked. Walking the
// publish-time index and checking each row's tsvector costs a visit per row
// walked instead: cheap for a common word, whose matches are dense, ruinous for
// a rare one deep in the feed. So a page is found by walking a bounded stretch
// first, and when that does not fill it, by asking the GIN index only for the
// matches inside a window of publish time sized from what the walk saw (a
// BitmapAnd with the publish-time index: heap visits for those matches only),
// widening the window until the page is full.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { DB, Tx } from '../db/database';
import type { Cursor } from './cursor';
import {
  cursorCondition,
  filterConditions,
  type Eb,
  type FeedFilter,
  type FeedPage,
} from './filter';
import { pgTsQuery, searchCondition } from './search-match';

/** Rows walked before a window: 8 per row the page needs, within these bounds. */
const WALK_MIN = 200;
const WALK_MAX = 4000;
/** Windows tried before the last one, which reads every remaining match. */
const WINDOW_ROUNDS = 3;
/** Matches in at least this share of the walked rows: a common word, counted by a sequential scan. */
export const COMMON_SHARE = 0.05;

type Page = Omit<FeedPage, 'column'>;
export interface Match {
  id: number;
  published_at: number;
}

/** Runs `work` in a transaction that allows only bitmap scans (the GIN index) or only sequential ones. */
async function withScans<T>(db: DB, scans: 'bitmap' | 'seq', work: (tx: Tx) => Promise<T>) {
  return db.transaction().execute(async (tx) => {
    const off =
      scans === 'bitmap'
        ? ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan']
        : ['enable_bitmapscan', 'enable_indexscan', 'enable_indexonlyscan'];
    await sql.raw(off.map((setting) => `SET LOCAL ${setting} = off`).join('; ')).execute(tx);
    return work(tx);
  });
}

/**
 * The filter's conditions and `extra`. The source list is only checked on the rows
 * found: offered its index, the planner ANDed the GIN bitmap with one of every
 * item of the selected sources (733,000 at a million items: 200 ms).
 */
const within = (eb: Eb, filter: FeedFilter, extra: Expression<SqlBool>[] = []) =>
  eb.and([...filterConditions(eb, 'postgres', filter, 'sort', true), ...extra]);
const after = (eb: Eb, order: 'asc' | 'desc', cursor?: Cursor) =>
  cursorCondition(eb, { column: 'published_at', order, cursor });

/** The first `need` matches among the next `rows` items of the filter in feed order. */
async function walk(db: DB, filter: FeedFilter, page: Page, rows: number, need: number) {
  const found = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('news_items')
        .select([
          'news_items.id',
          'news_items.published_at',
          sql`news_items.search_vector`.as('search_vector'),
        ])
        .where((eb) => within(eb, filter, after(eb, page.order, page.cursor)))
        .orderBy('news_items.published_at', page.order)
        .orderBy('news_items.id', page.order)
        .limit(rows)
        .as('walked'),
    )
    .select(['walked.id', 'walked.published_at'])
    .where(sql<SqlBool>`walked.search_vector @@ ${pgTsQuery(filter)}`)
    .orderBy('walked.published_at', page.order)
    .orderBy('walked.id', page.order)
    .limit(need)
    .execute();
  return found as Match[];
}

/** The item `offset` places after the cursor in feed order (an index-only read), or null. */
async function itemAt(db: DB, filter: FeedFilter, page: Page, offset: number) {
  const row = await db
    .selectFrom('news_items')
    .select(['news_items.published_at', 'news_items.id'])
    .where((eb) => within(eb, filter, after(eb, page.order, page.cursor)))
    .orderBy('news_items.published_at', page.order)
    .orderBy('news_items.id', page.order)
    .offset(offset)
    .limit(1)
    .executeTakeFirst();
  return row ? { value: row.published_at, id: row.id } : null;
}

/** Matches after `from` and not beyond `bound` (publish time; null: none), in feed order, through the GIN index. */
async function windowMatches(
  db: DB,
  filter: FeedFilter,
  order: 'asc' | 'desc',
  from: Cursor,
  bound: number | null,
  limit: number,
) {
  const found = await withScans(db, 'bitmap', (tx) =>
    tx
      .selectFrom('news_items')
      .select(['news_items.id', 'news_items.published_at'])
      .where((eb) =>
        within(eb, filter, [
          ...after(eb, order, from),
          ...(bound === null
            ? []
            : [eb('news_items.published_at', order === 'desc' ? '>=' : '<=', bound)]),
          searchCondition('postgres', filter),
        ]),
      )
      .orderBy('news_items.published_at', order)
      .orderBy('news_items.id', order)
      .limit(limit)
      .execute(),
  );
  return found as Match[];
}

/** What the first walk saw: the matches it found, and whether they settle the page. */
export interface PgWalk {
  found: Match[];
  /** Share of the walked rows that matched: at least 1/8 when the walk filled the page. */
  share: number;
  /** The page (and one more row) is found, or the walk saw every item after the cursor. */
  settled: boolean;
  rows: number;
  need: number;
}

/**
 * The first, bounded walks of a page in publish order: one of 8 rows per row the
 * page needs, and when its matches say the words are common (at least
 * COMMON_SHARE of the rows), a second as long as they say the rest needs.
 */
export async function pgWalk(db: DB, filter: FeedFilter, page: Page): Promise<PgWalk> {
  const need = page.offset + page.limit + 1;
  let rows = Math.min(WALK_MAX, Math.max(WALK_MIN, need * 8));
  const found = await walk(db, filter, page, rows, need);
  if (found.length >= need) return { found, share: need / rows, settled: true, rows, need };
  // Fewer matches than the page needs: did the walk end the filter?
  let last = await itemAt(db, filter, page, rows - 1);
  let share = Math.max(found.length, 0.5) / rows;
  if (last && share >= COMMON_SHARE) {
    const more = Math.min(WALK_MAX, Math.ceil(((need - found.length) / share) * 2));
    const further = { ...page, cursor: last };
    found.push(...(await walk(db, filter, further, more, need - found.length)));
    rows += more;
    if (found.length >= need) return { found, share, settled: true, rows, need };
    last = await itemAt(db, filter, further, more - 1);
    share = Math.max(found.length, 0.5) / rows;
  }
  return { found, share, settled: last === null, rows, need };
}

/** The page out of the matches found so far in feed order. */
export function pgPageOf(found: Match[], page: Page) {
  return {
    ids: found.slice(page.offset, page.offset + page.limit).map((m) => m.id),
    more: found.length > page.offset + page.limit,
    found,
  };
}

/** Completes a page the walk did not fill, through windows of publish time (see the top). */
export async function pgWindows(db: DB, filter: FeedFilter, page: Page, walked: PgWalk) {
  const found = [...walked.found];
  let share = walked.share;
  const [first, last] = await Promise.all([
    itemAt(db, filter, page, 0),
    itemAt(db, filter, page, walked.rows - 1),
  ]);
  if (!first || !last) return pgPageOf(found, page);
  const desc = page.order === 'desc';
  // Items per millisecond where the walk went, to turn a number of items into a time.
  const perMs = (walked.rows - 1) / Math.max(1, Math.abs(first.value - last.value));
  let from: Cursor = last;
  let remaining = walked.need - found.length;
  for (let round = 0; round <= WINDOW_ROUNDS; round++) {
    const items = (remaining / share) * 2;
    const bound =
      round === WINDOW_ROUNDS
        ? null
        : desc
          ? Math.floor(from.value - items / perMs)
          : Math.ceil(from.value + items / perMs);
    const got = await windowMatches(db, filter, page.order, from, bound, remaining);
    found.push(...got);
    if (got.length >= remaining || bound === null) break;
    remaining -= got.length;
    share = Math.max(got.length, 0.5) / items;
    // Next: strictly beyond the bound (the window held every item at it).
    from = { value: bound, id: desc ? 0 : Number.MAX_SAFE_INTEGER };
  }
  return pgPageOf(found, page);
}

/** The share of the first WALK_MIN items after the cursor that match (for sorts other than time). */
export async function pgMatchShare(db: DB, filter: FeedFilter): Promise<number> {
  const found = await walk(db, filter, { order: 'desc', limit: 0, offset: 0 }, WALK_MIN, WALK_MIN);
  return Math.max(found.length, 0.5) / WALK_MIN;
}

/**
 * Matches within the filter, counting no further than `limit`, and when there
 * are fewer (or `ordered`: the first `limit` in feed order) the rows with the
 * sort column's value. A common word is counted by a sequential scan, which
 * finds `limit` matches in a few thousand rows read in order; a rarer one
 * through the GIN index, which visits at most `limit` matching rows, or every
 * match when they must be ordered.
 */
export async function pgCountMatches(
  db: DB,
  filter: FeedFilter,
  share: number,
  page: Pick<FeedPage, 'column' | 'order'>,
  limit: number,
  /** Read every match and keep the first `limit` in feed order (a word with a few thousand). */
  ordered = false,
): Promise<{ count: number; rows?: Array<{ id: number; value: number }> }> {
  const { column } = page;
  if (share >= COMMON_SHARE) {
    const row = await withScans(db, 'seq', (tx) =>
      tx
        .selectFrom((qb) =>
          qb
            .selectFrom('news_items')
            .select(sql<number>`1`.as('one'))
            .where((eb) => within(eb, filter, [searchCondition('postgres', filter)]))
            .limit(limit)
            .as('m'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    );
    return { count: row.n };
  }
  const rows = await withScans(db, 'bitmap', (tx) => {
    let query = tx
      .selectFrom('news_items')
      .select(['news_items.id as id', `news_items.${column} as value`])
      .where((eb) => within(eb, filter, [searchCondition('postgres', filter)]));
    if (ordered)
      query = query
        .orderBy(`news_items.${column}`, page.order)
        .orderBy('news_items.id', page.order);
    return query.limit(limit).execute();
  });
  return rows.length < limit || ordered ? { count: rows.length, rows } : { count: rows.length };
}
