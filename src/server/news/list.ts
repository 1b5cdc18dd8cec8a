// GET /_api/news/list: which items a user sees, in which order, one page at a time.
import { newsListQuerySchema, type NewsListQuery } from '../../shared/schemas';
import type { NewsItem, NewsListResponse } from '../../shared/types';
import type { DB, Dialect } from '../db/database';
import { activeSourceCounts, type ItemCounts } from './counts';
import { decodeCursor, encodeCursor, type Cursor } from './cursor';
import { toNewsItem } from './presenter';
import {
  SORT_COLUMNS,
  countFiltered,
  findItemsByIds,
  findPage,
  inOrder,
  type FeedFilter,
  type FeedPage,
  type Strategy,
} from './repository';
import { searchTokens } from './search';
import { hotStories, keepPrimaries, primariesOf } from '../stories/hot';
import { storiesOf, storyMemberIds } from '../stories/list-filter';
import { itemStates, readingFilterOf } from '../reading/list-filter';
import { launchChips } from '../launches/service';
import { readingTotal } from './reading-total';
import { listTopicFilter, topicsOfItems } from '../topics/service';
import { countMutedItems, countTopicItems } from '../topics/list-filter';
import { readsUnreadDirectly, unreadInOrder } from '../reading/unread-page';
import { SearchCache, positionAfter } from './search-cache';
import { searchIndexOf } from './search-index';
import { searchPage, type SearchDeps } from './search-list';

export interface ListDeps extends SearchDeps {
  /** Hours the Hot view looks back (STORY_HOT_HOURS; 24 unless the caller serves the Hot view). */
  hotHours?: number;
  now?: () => number;
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
// (to check its type, or a topic's item), and a row sorted.
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
    filter.topic !== undefined
      ? matched * LOOKUP_COST
      : counts.inSources *
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

type Total = { total: number; lowerBound: boolean };
const exact = (total: number): Total => ({ total, lowerBound: false });

/**
 * The feed's total without a search: from the maintained counts where they can
 * answer (sources, a topic, muted topics), else counted up to `limit`.
 */
async function feedTotal(
  db: DB,
  dialect: Dialect,
  filter: FeedFilter,
  counts: ItemCounts,
  limit: number,
): Promise<Total> {
  if (filter.reading) return readingTotal(db, dialect, filter, counts, limit);
  const counted = async (): Promise<Total> => {
    const n = await countFiltered(db, dialect, filter, limit + 1);
    return n > limit ? { total: limit, lowerBound: true } : exact(n);
  };
  const kinds = filter.itemType !== undefined || filter.isBreaking !== undefined;
  const muted = filter.mutedTopics ?? [];
  if (filter.topic !== undefined)
    return kinds || muted.length
      ? counted()
      : exact(await countTopicItems(db, filter.topic, filter.sourceIds));
  if (muted.length === 0) return exact(counts.matched);
  if (kinds) return counted();
  return exact(counts.matched - (await countMutedItems(db, muted, filter.sourceIds)));
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
  if (query.storyId !== undefined) return storyItems(deps, userId, query, sourceIds);
  if (query.view === 'hot') return hotList(deps, userId, query, sourceIds);
  const filter: FeedFilter = {
    sourceIds,
    itemType: query.itemType,
    isBreaking: query.isBreaking,
    grouped: query.group,
  };
  if (query.searchTerm !== undefined) {
    filter.searchTokens = searchTokens(query.searchTerm);
    if (filter.searchTokens.length === 0) return empty(0);
  }
  if (filter.sourceIds.length === 0) return empty(0);
  filter.reading = readingFilterOf(userId, query);
  Object.assign(filter, await listTopicFilter(db, userId, query.topic));

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
    ({ total, lowerBound } = await feedTotal(db, dialect, filter, counts, deps.searchCountLimit));
    if (
      filter.reading &&
      !lowerBound &&
      filter.topic === undefined &&
      !filter.mutedTopics?.length &&
      readsUnreadDirectly(filter, total, counts.inSources, page.offset + page.limit)
    ) {
      let list = await unreadInOrder(db, userId, filter, page.column, page.order);
      if (filter.grouped) list = await primariesOnly(db, list);
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
  const items = await presentRows(db, userId, rows, sourceIds);

  const shown = (ids ?? rows).length;
  // Grouped, the total counts items, some of which their story's primary stands for: a
  // short page is the end, whatever the total said.
  if (filter.grouped && (!ids || !more) && !lowerBound && shown < query.pageSize)
    total = Math.min(total, (query.page - 1) * query.pageSize + shown);
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

/** A topic's newest stories in the user's feed (the topic page: topics/routes.ts). */
export function topicStories(deps: Omit<ListDeps, 'searchCache'>) {
  const searchCache = new SearchCache();
  return async (userId: number, topic: string, limit: number): Promise<NewsItem[]> => {
    const query = newsListQuerySchema.parse({ topic, pageSize: limit });
    return (await listNews({ ...deps, searchCache }, userId, query)).items;
  };
}

/** The unread list with only each story's best unread item. */
async function primariesOnly(db: DB, list: { ids: Float64Array; values: Float64Array }) {
  const keep = await keepPrimaries(db, Array.from(list.ids));
  const at: number[] = [];
  list.ids.forEach((id, i) => keep.has(id) && at.push(i));
  return {
    ids: Float64Array.from(at, (i) => list.ids[i]),
    values: Float64Array.from(at, (i) => list.values[i]),
  };
}

/** Rows as the list answers them: with the user's state and what ingestion derived for each. */
async function presentRows(
  db: DB,
  userId: number,
  rows: Awaited<ReturnType<typeof findItemsByIds>>,
  sourceIds: number[],
) {
  const ids = rows.map((r) => r.id);
  const [states, topics, stories, launches] = await Promise.all([
    itemStates(db, userId, rows),
    topicsOfItems(db, ids),
    storiesOf(db, ids, sourceIds),
    launchChips(db, rows),
  ]);
  return rows.map((row) =>
    toNewsItem(row, states.get(row.id), {
      topics: topics.get(row.id),
      story: stories.get(row.id),
      launch: launches.get(row.id),
    }),
  );
}

/** One story's items in the feed's sources (storyId), best first: what "Also covered by" opens. */
async function storyItems(
  deps: ListDeps,
  userId: number,
  query: NewsListQuery,
  sourceIds: number[],
): Promise<NewsListResponse> {
  const ids = await storyMemberIds(deps.db, Number(query.storyId), sourceIds);
  const items = await presentRows(
    deps.db,
    userId,
    inOrder(ids, await findItemsByIds(deps.db, ids)),
    sourceIds,
  );
  return {
    items,
    pagination: { page: 1, totalPages: 1, totalItems: items.length, nextCursor: null },
  };
}

/** The Hot view: each story carried by two or more of the feed's sources lately, its primary, most sources first. */
async function hotList(
  deps: ListDeps,
  userId: number,
  query: NewsListQuery,
  sourceIds: number[],
): Promise<NewsListResponse> {
  const now = deps.now?.() ?? Date.now();
  const ranked = await hotStories(deps.db, sourceIds, now - (deps.hotHours ?? 24) * 3_600_000);
  const start = (query.page - 1) * query.pageSize;
  const slice = ranked.slice(start, start + query.pageSize);
  const primaries = await primariesOf(
    deps.db,
    slice.map((s) => s.storyId),
    sourceIds,
  );
  const ids = slice.flatMap((s) => primaries.get(s.storyId) ?? []);
  const counts = new Map(slice.map((s) => [primaries.get(s.storyId), s.sourceCount]));
  const rows = inOrder(ids, await findItemsByIds(deps.db, ids));
  const items = (await presentRows(deps.db, userId, rows, sourceIds)).map((item) => ({
    ...item,
    story: {
      id: item.story.id,
      sourceCount: counts.get(Number(item.id)) ?? item.story.sourceCount,
    },
  }));
  return {
    items,
    pagination: {
      page: query.page,
      totalPages: Math.ceil(ranked.length / query.pageSize),
      totalItems: ranked.length,
      nextCursor: null,
    },
  };
}
