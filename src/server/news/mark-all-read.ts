// POST /_api/news/mark-all-read (issue 25): everything in the feed, one source,
// or what is older than a given story, honouring the dashboard's filters. The
// feed's own list decides which stories the filters show; reading/ marks them.
import {
  ITEM_NOT_FOUND,
  MARK_ALL_FILTERED_MAX,
  SOURCE_NOT_FOUND,
  type MarkAllReadInput,
  type MarkAllReadResponse,
} from '../../shared/reading';
import { newsListQuerySchema, type NewsListQuery } from '../../shared/schemas';
import { badRequest, notFound } from '../http/errors';
import { findVisibleItems, type ItemRef } from '../reading/repository';
import { markAllRead, markItemsRead } from '../reading/state';
import { feedSources, listNews, type ListDeps } from './list';

/** In the feed's order (newest first), whether an item comes at or after the pivot. */
const atOrOlder = (item: { publishedAt: string; id: string }, pivot: ItemRef) => {
  const at = Date.parse(item.publishedAt);
  return at < pivot.published_at || (at === pivot.published_at && Number(item.id) <= pivot.id);
};

export async function markAllReadInFeed(
  deps: ListDeps,
  userId: number,
  input: MarkAllReadInput,
): Promise<MarkAllReadResponse> {
  const { db } = deps;
  if (!input.filters) return markAllRead(db, userId, input);

  const parsed = newsListQuerySchema.safeParse({
    ...input.filters,
    ...(input.sourceId !== undefined && { sourceIds: [String(input.sourceId)] }),
    status: 'unread',
    pageSize: 100,
  });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid filters');
  const query = parsed.data;
  const { sourceIds } = await feedSources(db, userId, query);
  if (input.sourceId !== undefined && !sourceIds.includes(input.sourceId))
    throw notFound(SOURCE_NOT_FOUND);

  if (query.itemType === undefined && query.isBreaking === undefined && !query.searchTerm)
    // Sources alone: each source's watermark moves, however many stories it holds.
    return markAllRead(db, userId, { sourceIds, before: input.before });

  let pivot: ItemRef | undefined;
  if (input.before !== undefined) {
    [pivot] = await findVisibleItems(db, userId, [input.before]);
    if (!pivot) throw notFound(ITEM_NOT_FOUND);
  }
  return markItemsRead(db, userId, await unreadInFeed(deps, userId, query, pivot));
}

/** The ids of the unread stories the feed shows with these filters (newest first), up to the cap. */
async function unreadInFeed(
  deps: ListDeps,
  userId: number,
  first: NewsListQuery,
  pivot: ItemRef | undefined,
): Promise<number[]> {
  const ids: number[] = [];
  let query: NewsListQuery = { ...first, sortBy: 'publishedAt', sortOrder: 'desc' };
  while (ids.length < MARK_ALL_FILTERED_MAX) {
    const page = await listNews(deps, userId, query);
    for (const item of page.items) if (!pivot || atOrOlder(item, pivot)) ids.push(Number(item.id));
    if (!page.pagination.nextCursor) break;
    query = { ...query, cursor: page.pagination.nextCursor };
  }
  return ids.slice(0, MARK_ALL_FILTERED_MAX);
}
