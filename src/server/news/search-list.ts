// One page of a search for GET /_api/news/list, and its total.
//
// The total counts matches up to SEARCH_COUNT_LIMIT; past it the answer says
// "at least that many" (totalIsLowerBound), so a common word never costs a count
// of all its matches. Newest- and oldest-first pages (the feed's default) are
// read in publish order from the index and stop after the page
// (search-sqlite.ts, search-postgres.ts). Other sorts read every match and sort
// them while there are at most SEARCH_LIST_CAP, else walk the sort index with a
// per-row check (a word with that many matches is dense in it).
import type { DB, Dialect } from '../db/database';
import type { Cursor } from './cursor';
import type { FeedFilter, FeedPage } from './filter';
import { findPageIds } from './repository';
import {
  HEAD_MAX,
  SEARCH_LIST_CAP,
  positionAfter,
  type SearchCache,
  type SearchResult,
} from './search-cache';
import {
  COMMON_SHARE,
  pgCountMatches,
  pgMatchShare,
  pgPageOf,
  pgWalk,
  pgWindows,
  type Match,
} from './search-postgres';
import { sqliteCountMatches, sqliteMatchList, sqliteSearchPageByTime } from './search-sqlite';

export interface SearchDeps {
  db: DB;
  dialect: Dialect;
  searchCache: SearchCache;
  /** SEARCH_COUNT_LIMIT: a search counts this many matches at most. */
  searchCountLimit: number;
}

export interface SearchPage {
  /** The page's ids in feed order. */
  ids: number[];
  /** Where the page ends, when a cached result says (the snapshot a cursor must follow). */
  end?: Cursor;
  /** Matches, or SEARCH_COUNT_LIMIT when lowerBound. */
  total: number;
  lowerBound: boolean;
  /** Whether matches follow this page. */
  more: boolean;
}

/** A count as the list answers it: exact up to the limit, else the limit as a lower bound. */
function bounded(count: number, limit: number): Pick<SearchResult, 'total' | 'lowerBound'> {
  return count > limit ? { total: limit, lowerBound: true } : { total: count };
}

/** Matches with their sort values, in feed order. */
function inFeedOrder(matches: Array<{ id: number; value: number }>, order: 'asc' | 'desc') {
  const sign = order === 'asc' ? 1 : -1;
  const sorted = matches.toSorted((a, b) => sign * (a.value - b.value || a.id - b.id));
  return {
    ids: Float64Array.from(sorted, (m) => m.id),
    values: Float64Array.from(sorted, (m) => m.value),
  };
}

/** A page out of a whole result held in feed order. */
function fromList(list: NonNullable<SearchResult['list']>, page: FeedPage) {
  const start = page.cursor ? positionAfter(list, page.order, page.cursor) : page.offset;
  const ids = Array.from(list.ids.subarray(start, start + page.limit));
  const last = start + ids.length - 1;
  return {
    ids,
    end: ids.length ? { value: list.values[last], id: list.ids[last] } : undefined,
    more: start + ids.length < list.ids.length,
  };
}

/**
 * What a search's total counts: items, as the feed's total does without a search
 * (list.ts ends a grouped list at its first short page). Counting stories checks
 * each match's better members for the words too, which cost SQLite 4 to 5 times
 * the page at a million items (issue 31: the count must not cost more than the page).
 */
const ungrouped = (filter: FeedFilter): FeedFilter =>
  filter.grouped ? { ...filter, grouped: false } : filter;

/** Every match in feed order when there are at most SEARCH_LIST_CAP (SQLite reads them all to sort). */
async function sqliteResult(
  deps: SearchDeps,
  filter: FeedFilter,
  page: FeedPage,
): Promise<SearchResult> {
  const limit = deps.searchCountLimit;
  const counted = await sqliteCountMatches(deps.db, ungrouped(filter), SEARCH_LIST_CAP + 1);
  if (counted > SEARCH_LIST_CAP) return { total: limit, lowerBound: true };
  const matches = await sqliteMatchList(deps.db, filter, page, counted);
  return { ...bounded(matches.length, limit), list: inFeedOrder(matches, page.order) };
}

/** Expected matches up to which PostgreSQL reads a rare word's matches whole, in feed order. */
const ORDERED_MAX = 4000;

/**
 * The total, and every match when there are few (PostgreSQL); `share` says how
 * common the words are, `items` how many the filter holds. A word expected to
 * match at most ORDERED_MAX has all its matches read and sorted: the first
 * SEARCH_COUNT_LIMIT + 1 are kept as the result's head, so the count, the page
 * and the next pages come from one query.
 */
async function pgResult(
  deps: SearchDeps,
  filter: FeedFilter,
  page: FeedPage,
  share: number,
  items = Infinity,
): Promise<SearchResult> {
  const limit = deps.searchCountLimit;
  const ordered = page.column === 'published_at' && share * items <= ORDERED_MAX;
  const { count, rows } = await pgCountMatches(deps.db, filter, share, page, limit + 1, ordered);
  const result: SearchResult = bounded(count, limit);
  if (rows && count <= limit) result.list = inFeedOrder(rows, page.order);
  else if (rows) result.head = inFeedOrder(rows, page.order);
  return result;
}

/** Keeps the matches a page from the top has read, when they reach further than those kept. */
function remember(result: SearchResult, found: Match[]) {
  if (found.length <= (result.head?.ids.length ?? 0)) return;
  const kept = found.slice(0, HEAD_MAX);
  result.head = {
    ids: Float64Array.from(kept, (m) => m.id),
    values: Float64Array.from(kept, (m) => m.published_at),
  };
}

export async function searchPage(
  deps: SearchDeps,
  filter: FeedFilter,
  page: FeedPage,
  /** Items in the filter's sources (of its type): how many a share of them makes. */
  items: number,
): Promise<SearchPage> {
  const { db, dialect } = deps;
  // Read state changes with every click: a search with it is not cached.
  const key = filter.reading
    ? undefined
    : JSON.stringify([
        filter.sourceIds,
        filter.itemType,
        filter.isBreaking,
        filter.searchTokens,
        filter.searchIndex,
        filter.topic,
        filter.mutedTopics,
        filter.grouped,
        filter.fetched,
        page.column,
        page.order,
      ]);
  const cached = (compute: () => Promise<SearchResult>) =>
    key === undefined ? compute() : deps.searchCache.get(key, compute);
  const answer = (result: SearchResult, part: Omit<SearchPage, 'total' | 'lowerBound'>) => ({
    ...part,
    total: result.total,
    lowerBound: result.lowerBound === true,
  });
  const byTime = page.column === 'published_at';

  if (dialect === 'sqlite' && byTime && filter.searchIndex !== 'legacy') {
    const limit = deps.searchCountLimit;
    const [result, found] = await Promise.all([
      cached(async () =>
        bounded(await sqliteCountMatches(db, ungrouped(filter), limit + 1), limit),
      ),
      sqliteSearchPageByTime(db, filter, page),
    ]);
    return answer(result, found);
  }
  if (dialect === 'postgres' && byTime) {
    const known = key === undefined ? undefined : deps.searchCache.peek(key);
    if (known?.list) return answer(known, fromList(known.list, page));
    // A page within the matches an earlier page from the top has read.
    const held = known?.head && fromList(known.head, page);
    if (known && held?.more) return answer(known, held);
    const walked = await pgWalk(db, filter, page);
    const total = () => known ?? cached(() => pgResult(deps, filter, page, walked.share, items));
    let found;
    if (walked.settled) found = pgPageOf(walked.found, page);
    else if (walked.share < COMMON_SHARE) {
      // A rare word: its matches, read whole through the GIN index first, may serve the page too.
      const result = await total();
      const part = result.list ?? result.head;
      const fromRead = part && fromList(part, page);
      if (fromRead && (result.list || fromRead.more)) return answer(result, fromRead);
      found = await pgWindows(db, filter, page, walked);
    } else found = await pgWindows(db, filter, page, walked);
    const result = await total();
    if (key !== undefined && !page.cursor) remember(result, found.found);
    return answer(result, found);
  }
  const result = await cached(async () =>
    dialect === 'sqlite'
      ? sqliteResult(deps, filter, page)
      : pgResult(deps, filter, page, await pgMatchShare(db, filter)),
  );
  if (result.list) return answer(result, fromList(result.list, page));
  // Many matches: walk the sort index, one row past the page to see whether more follow.
  const ids = await findPageIds(db, dialect, filter, { ...page, limit: page.limit + 1 }, 'sort');
  return answer(result, { ids: ids.slice(0, page.limit), more: ids.length > page.limit });
}
