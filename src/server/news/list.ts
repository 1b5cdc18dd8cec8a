// GET /_api/news/list: which items a user sees, in which order, one page at a time.
import type { NewsListQuery } from '../../shared/schemas';
import type { NewsListResponse } from '../../shared/types';
import type { DB } from '../db/database';
import { activeSourceCounts, type ItemCounts } from './counts';
import { decodeCursor, encodeCursor, type Cursor } from './cursor';
import { toNewsItem } from './presenter';
import {
  SORT_COLUMNS,
  findItemsByIds,
  findPage,
  inOrder,
  type FeedFilter,
  type FeedPage,
  type Strategy,
} from './repository';
import { searchTokens } from './search';
import { itemStates, readingFilterOf } from '../reading/list-filter';
import { readingTotal } from './reading-total';
import { readsUnreadDirectly, unreadInOrder } from '../reading/unread-page';
import { positionAfter } from './search-cache';
import { searchIndexOf } from './search-index';
import { searchPage, type SearchDeps } from './search-list';

export type ListDeps = SearchDeps;

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
// (to check its type), and a row sorted.
const LOOKUP_COST = 4;
const SORT_COST = 2;

/**
 * Walking the sort order's covering index reads about (skipped + returned) /
 * selectivity entries and checks every filter in the index. Reading only the
 * candidates reads each selected source's slice of the (source, sort) index, with
 * a table lookup per row when the type or breaking flag is filtered, then sorts
 * the matches. Take the cheaper. (A search plans its own way: search-list.ts.)
 */
function plan(filter: FeedFilter, page: FeedPage, counts: ItemCounts, matched: number): Strategy {
  if (matched === 0) return 'match';
  const walk = ((page.offset + page.limit) * counts.total) / matched;
  const candidates =
    counts.inSources *
    (filter.itemType !== undefined || filter.isBreaking !== undefined ? LOOKUP_COST : 1);
  return walk <= candidates + matched * SORT_COST ? 'sort' : 'match';
}

type Pagination = NewsListResponse['pagination'];

/**
 * The totals of a page whose matches were counted only up to `limit`: what the
 * count and this page have seen (one more when a next page exists), exact once
 * the page reaches the end; the next page is always offered while one exists.
 */
function boundedTotals(
  query: NewsListQuery,
  limit: number,
  shown: number,
  more: boolean,
): Pick<Pagination, 'totalItems' | 'totalPages' | 'totalIsLowerBound'> {
  const seen = (query.page - 1) * query.pageSize + shown;
  if (!more && (shown > 0 || query.page === 1))
    return { totalItems: seen, totalPages: Math.ceil(seen / query.pageSize) };
  const totalItems = Math.max(limit, more ? seen + 1 : 0);
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
  filter.reading = readingFilterOf(userId, query);

  /** The page's ids in feed order, when known before its rows are read. */
  let ids: number[] | undefined;
  /** Where the page ends, when a cached result says (its values are the snapshot the cursor must follow). */
  let end: Cursor | undefined;
  let total: number;
  let lowerBound = false;
  /** Whether more follow the page (asked for when the total is a lower bound). */
  let more = false;
  if (filter.searchTokens) {
    filter.searchIndex = await searchIndexOf(db, dialect);
    const found = await searchPage(deps, filter, page, counts.matched);
    ({ ids, end, total, lowerBound, more } = found);
  } else {
    ({ total, lowerBound } = filter.reading
      ? await readingTotal(db, dialect, filter, counts, deps.searchCountLimit)
      : { total: counts.matched, lowerBound: false });
    if (
      filter.reading &&
      !lowerBound &&
      readsUnreadDirectly(filter, total, counts.inSources, page.offset + page.limit)
    ) {
      const list = await unreadInOrder(db, userId, filter, page.column, page.order);
      const start = page.cursor ? positionAfter(list, page.order, page.cursor) : page.offset;
      ids = Array.from(list.ids.subarray(start, start + page.limit));
      const lastIndex = start + ids.length - 1;
      if (ids.length) end = { value: list.values[lastIndex], id: list.ids[lastIndex] };
    }
    if (!lowerBound && page.offset >= total) return empty(total);
  }

  let rows;
  if (ids) rows = inOrder(ids, await findItemsByIds(db, ids));
  else {
    const strategy = plan(filter, page, counts, total);
    const extra = lowerBound ? 1 : 0;
    rows = await findPage(db, dialect, filter, { ...page, limit: page.limit + extra }, strategy);
    more = rows.length > page.limit;
    rows = rows.slice(0, page.limit);
  }
  const states = await itemStates(db, userId, rows);
  const items = rows.map((row) => toNewsItem(row, states.get(row.id)));

  const shown = (ids ?? rows).length;
  const totals = lowerBound
    ? boundedTotals(query, total, shown, more)
    : { totalItems: total, totalPages: Math.ceil(total / query.pageSize) };
  const last = rows.at(-1);
  end ??= last && { value: last[page.column], id: last.id };
  const nextCursor =
    end && shown === query.pageSize && query.page < totals.totalPages
      ? encodeCursor(query.sortBy, query.sortOrder, end)
      : null;
  return { items, pagination: { page: query.page, nextCursor, ...totals } };
}
