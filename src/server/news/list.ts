// GET /_api/news/list: which items a user sees, in which order, one page at a time.
import type { NewsListQuery } from '../../shared/schemas';
import type { NewsListResponse } from '../../shared/types';
import type { DB, Dialect } from '../db/database';
import { activeSourceCounts, type ItemCounts } from './counts';
import { decodeCursor, encodeCursor, type Cursor } from './cursor';
import { toNewsItem } from './presenter';
import {
  SORT_COLUMNS,
  countMatches,
  findItemsByIds,
  findMatches,
  findPage,
  findSearchPageByTime,
  inOrder,
  wholeLastWord,
  type FeedFilter,
  type FeedPage,
  type Strategy,
} from './repository';
import { searchTokens } from './search';
import {
  SEARCH_LIST_CAP,
  positionAfter,
  type SearchCache,
  type SearchResult,
} from './search-cache';

export interface ListDeps {
  db: DB;
  dialect: Dialect;
  searchCache: SearchCache;
  /** SEARCH_COUNT_LIMIT: a search counts this many matches at most. */
  searchCountLimit: number;
}

/** The caller's active sources narrowed by the request (a requested id outside them is ignored), and their counts. */
export async function feedSources(db: DB, userId: number, query: NewsListQuery) {
  const wanted = query.sourceIds ? new Set(query.sourceIds.map((s) => s.trim())) : null;
  const { sources, total } = await activeSourceCounts(db, userId, query);
  const selected = sources
    .filter((s) => query.includeBlueSky || s.sourceType !== 'bluesky')
    .filter((s) => !wanted || wanted.has(String(s.id)))
    .toSorted((a, b) => a.id - b.id);
  const counts: ItemCounts = {
    matched: selected.reduce((n, s) => n + s.matching, 0),
    inSources: selected.reduce((n, s) => n + s.items, 0),
    total,
  };
  return { sourceIds: selected.map((s) => s.id), counts };
}

// Relative costs, per index entry read in order (1): a row looked up in the table
// (to check its type, or after a full-text match), and a row sorted.
const LOOKUP_COST = 4;
const SORT_COST = 2;

/**
 * Walking the sort order's covering index reads about (skipped + returned) /
 * selectivity entries and checks every filter in the index. Reading only the
 * candidates reads each selected source's slice of the (source, sort) index, with
 * a table lookup per row when the type or breaking flag is filtered (or each
 * full-text match with a lookup), then sorts the matches. Take the cheaper.
 */
function plan(filter: FeedFilter, page: FeedPage, counts: ItemCounts, matched: number): Strategy {
  if (matched === 0) return 'match';
  const walk = ((page.offset + page.limit) * counts.total) / matched;
  const candidates = filter.searchTokens
    ? matched * LOOKUP_COST
    : counts.inSources *
      (filter.itemType !== undefined || filter.isBreaking !== undefined ? LOOKUP_COST : 1);
  return walk <= candidates + matched * SORT_COST ? 'sort' : 'match';
}

/**
 * A search's total and, when small enough, its whole result in feed order. The
 * count stops at `countLimit` matches, so a common word costs a bounded walk
 * instead of a count (and a sort) of every match; past the limit the total is a
 * lower bound.
 */
async function searchResult(
  db: DB,
  dialect: Dialect,
  filter: FeedFilter,
  page: FeedPage,
  countLimit: number,
): Promise<SearchResult> {
  const counted = await countMatches(db, dialect, filter, countLimit + 1);
  if (counted > countLimit) return { total: countLimit, lowerBound: true };
  if (counted > SEARCH_LIST_CAP) return { total: counted };
  const matches = await findMatches(db, dialect, filter, page.column, page.order, counted + 1);
  return {
    total: matches.length,
    list: {
      ids: Float64Array.from(matches, (m) => m.id),
      values: Float64Array.from(matches, (m) => m.value),
    },
  };
}

/**
 * The pagination of a page of a search with more matches than it counts: the
 * total is what the count and this page have seen (one more when a next page
 * exists), exact once the page reaches the end, and the client is always offered
 * the next page while one exists.
 */
function boundedPagination(
  query: NewsListQuery,
  countLimit: number,
  shown: number,
  more: boolean,
): Pick<NewsListResponse['pagination'], 'totalItems' | 'totalPages' | 'totalIsLowerBound'> {
  const seen = (query.page - 1) * query.pageSize + shown;
  if (shown > 0 && !more) return { totalItems: seen, totalPages: Math.ceil(seen / query.pageSize) };
  const totalItems = Math.max(countLimit, more ? seen + 1 : 0);
  const totalPages = Math.ceil(totalItems / query.pageSize);
  return {
    totalItems,
    totalPages: more ? Math.max(totalPages, query.page + 1) : totalPages,
    totalIsLowerBound: true,
  };
}

export async function listNews(
  deps: ListDeps,
  userId: number,
  query: NewsListQuery,
): Promise<NewsListResponse> {
  const { db, dialect } = deps;
  const page: FeedPage = {
    column: SORT_COLUMNS[query.sortBy],
    order: query.sortOrder,
    limit: query.pageSize,
    offset: query.cursor ? 0 : (query.page - 1) * query.pageSize,
    cursor: query.cursor ? decodeCursor(query.cursor, query.sortBy, query.sortOrder) : undefined,
  };
  const empty = (totalItems: number): NewsListResponse => ({
    items: [],
    pagination: {
      page: query.page,
      totalPages: Math.ceil(totalItems / query.pageSize),
      totalItems,
      nextCursor: null,
    },
  });

  const { sourceIds, counts } = await feedSources(db, userId, query);
  const filter: FeedFilter = { sourceIds, itemType: query.itemType, isBreaking: query.isBreaking };
  if (query.searchTerm !== undefined) {
    filter.searchTokens = searchTokens(query.searchTerm);
    if (filter.searchTokens.length === 0) return empty(0);
  }
  if (filter.sourceIds.length === 0) return empty(0);

  let matched = counts.matched;
  /** The search has more matches than it counted: matched is a lower bound. */
  let bounded = false;
  let ids: number[] | undefined;
  /** Where the page ends, when a cached search result says (its values are the snapshot the cursor must follow). */
  let end: Cursor | undefined;
  if (filter.searchTokens && matched > 0) {
    filter.wholeLastWord = await wholeLastWord(db, dialect, filter.searchTokens);
    const key = JSON.stringify([
      filter.sourceIds,
      filter.itemType,
      filter.isBreaking,
      filter.searchTokens,
      filter.wholeLastWord,
      page.column,
      page.order,
    ]);
    const result = await deps.searchCache.get(key, () =>
      searchResult(db, dialect, filter, page, deps.searchCountLimit),
    );
    matched = result.total;
    bounded = result.lowerBound === true;
    if (result.list) {
      const start = page.cursor ? positionAfter(result.list, page.order, page.cursor) : page.offset;
      ids = Array.from(result.list.ids.subarray(start, start + page.limit));
      const lastIndex = start + ids.length - 1;
      if (ids.length)
        end = { value: result.list.values[lastIndex], id: result.list.ids[lastIndex] };
    }
  }
  if (!bounded && page.offset >= matched) return empty(matched);

  let more = false;
  let rows;
  if (ids) rows = inOrder(ids, await findItemsByIds(db, ids));
  else if (bounded) {
    // Many matches: read them in feed order (SQLite's full-text index is in publish
    // order; otherwise walk the sort index, where they are dense), one row past the
    // page to see whether more follow.
    const deeper = { ...page, limit: page.limit + 1 };
    rows =
      dialect === 'sqlite' && page.column === 'published_at'
        ? await findSearchPageByTime(db, filter, deeper)
        : await findPage(db, dialect, filter, deeper, 'sort');
    more = rows.length > page.limit;
    rows = rows.slice(0, page.limit);
  } else rows = await findPage(db, dialect, filter, page, plan(filter, page, counts, matched));
  const items = rows.map(toNewsItem);

  const totals = bounded
    ? boundedPagination(query, matched, rows.length, more)
    : { totalItems: matched, totalPages: Math.ceil(matched / query.pageSize) };
  const last = rows.at(-1);
  end ??= last && { value: last[page.column], id: last.id };
  const nextCursor =
    end && (ids ?? rows).length === query.pageSize && query.page < totals.totalPages
      ? encodeCursor(query.sortBy, query.sortOrder, end)
      : null;
  return {
    items,
    pagination: {
      page: query.page,
      totalPages: totals.totalPages,
      totalItems: totals.totalItems,
      nextCursor,
      ...(totals.totalIsLowerBound && { totalIsLowerBound: true }),
    },
  };
}
