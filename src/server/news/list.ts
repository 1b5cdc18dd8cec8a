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
  inOrder,
  type FeedFilter,
  type FeedPage,
  type Strategy,
} from './repository';
import { searchTokens } from './search';
import { itemStates, readingFilterOf } from '../reading/list-filter';
import { launchChips } from '../launches/service';
import { readingTotal } from './reading-total';
import { readsUnreadDirectly, unreadInOrder } from '../reading/unread-page';
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

/** A search's total and, when small enough, its whole result in feed order. */
async function searchResult(
  db: DB,
  dialect: Dialect,
  filter: FeedFilter,
  page: FeedPage,
): Promise<SearchResult> {
  const matches = await findMatches(
    db,
    dialect,
    filter,
    page.column,
    page.order,
    SEARCH_LIST_CAP + 1,
  );
  if (matches.length > SEARCH_LIST_CAP) return { total: await countMatches(db, dialect, filter) };
  return {
    total: matches.length,
    list: {
      ids: Float64Array.from(matches, (m) => m.id),
      values: Float64Array.from(matches, (m) => m.value),
    },
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

  let matched = filter.reading ? await readingTotal(db, dialect, filter, counts) : counts.matched;
  let ids: number[] | undefined;
  /** Where the page ends, when a cached search result says (its values are the snapshot the cursor must follow). */
  let end: Cursor | undefined;
  // Read state changes with every click: a search with it is not cached.
  if (filter.searchTokens && matched > 0 && !filter.reading) {
    const key = JSON.stringify([
      filter.sourceIds,
      filter.itemType,
      filter.isBreaking,
      filter.searchTokens,
      page.column,
      page.order,
    ]);
    const result = await deps.searchCache.get(key, () => searchResult(db, dialect, filter, page));
    matched = result.total;
    if (result.list) {
      const start = page.cursor ? positionAfter(result.list, page.order, page.cursor) : page.offset;
      ids = Array.from(result.list.ids.subarray(start, start + page.limit));
      const lastIndex = start + ids.length - 1;
      if (ids.length)
        end = { value: result.list.values[lastIndex], id: result.list.ids[lastIndex] };
    }
  }
  if (
    !ids &&
    filter.reading &&
    readsUnreadDirectly(filter, matched, counts.inSources, page.offset + page.limit)
  ) {
    const list = await unreadInOrder(db, userId, filter, page.column, page.order);
    const start = page.cursor ? positionAfter(list, page.order, page.cursor) : page.offset;
    ids = Array.from(list.ids.subarray(start, start + page.limit));
    const lastIndex = start + ids.length - 1;
    if (ids.length) end = { value: list.values[lastIndex], id: list.ids[lastIndex] };
  }
  if (page.offset >= matched) return empty(matched);

  const rows = ids
    ? inOrder(ids, await findItemsByIds(db, ids))
    : await findPage(db, dialect, filter, page, plan(filter, page, counts, matched));
  const [states, launches] = await Promise.all([
    itemStates(db, userId, rows),
    launchChips(db, rows),
  ]);
  const items = rows.map((row) => toNewsItem(row, states.get(row.id), launches.get(row.id)));

  const totalPages = Math.ceil(matched / query.pageSize);
  const last = rows.at(-1);
  end ??= last && { value: last[page.column], id: last.id };
  const nextCursor =
    end && (ids ?? rows).length === query.pageSize && query.page < totalPages
      ? encodeCursor(query.sortBy, query.sortOrder, end)
      : null;
  return { items, pagination: { page: query.page, totalPages, totalItems: matched, nextCursor } };
}
