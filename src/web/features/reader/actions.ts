// The read and saved calls (issue 25), loaded on the first action: each patches
// every loaded list in place (optimistic, undone on failure) and then refreshes
// only the unread counts, so nothing reshuffles under the reader.
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import type { MarkAllReadResponse } from '../../../shared/reading';
import type { NewsItem, NewsListResponse } from '../../../shared/types';
import { api } from '../../lib/api';
import { sendOrQueue } from '../../pwa/queue';
import type { ListParams } from '../feed/filters';
import { newsKeys } from '../feed/queries';
import { countsKey, isRead, type ReaderFields } from './state';

type Lists = InfiniteData<NewsListResponse>;

/** Applies a change to every loaded copy of the stories `ids` (all lists, all pages). */
function patchItems(qc: QueryClient, ids: ReadonlySet<string> | null, patch: ReaderFields) {
  qc.setQueriesData<Lists>({ queryKey: newsKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) =>
              ids === null || ids.has(item.id) ? { ...item, ...patch } : item,
            ),
          })),
        }
      : data,
  );
}

/** Loaded stories matching `pick`, from every list in the cache. */
export function loadedItems(qc: QueryClient, pick: (item: NewsItem) => boolean): NewsItem[] {
  const seen = new Map<string, NewsItem>();
  for (const [, data] of qc.getQueriesData<Lists>({ queryKey: newsKeys.lists() }))
    for (const page of data?.pages ?? [])
      for (const item of page.items) if (pick(item)) seen.set(item.id, item);
  return [...seen.values()];
}

const refreshCounts = (qc: QueryClient) => qc.invalidateQueries({ queryKey: countsKey });

/** Runs a call after an optimistic patch; on failure puts the old value back and says why. */
async function optimistic(
  qc: QueryClient,
  ids: string[],
  patch: ReaderFields,
  undo: ReaderFields,
  call: () => Promise<unknown>,
  failure: string,
) {
  const set = new Set(ids);
  patchItems(qc, set, patch);
  try {
    await call();
  } catch (e) {
    patchItems(qc, set, undo);
    toast.error(failure, { description: e instanceof Error ? e.message : undefined });
  } finally {
    void refreshCounts(qc);
  }
}

// Read and save calls made offline wait in the queue (pwa/queue.ts), sent when the
// connection returns; the story keeps its new state meanwhile.
export function markRead(qc: QueryClient, itemIds: string[], read: boolean) {
  if (itemIds.length === 0) return Promise.resolve();
  return optimistic(
    qc,
    itemIds,
    { isRead: read },
    { isRead: !read },
    () => sendOrQueue({ path: '/_api/news/mark-read', body: { itemIds, read } }),
    read ? 'Failed to mark as read' : 'Failed to mark as unread',
  );
}

export function saveItem(qc: QueryClient, itemId: string, saved: boolean) {
  return optimistic(
    qc,
    [itemId],
    { isSaved: saved },
    { isSaved: !saved },
    () => sendOrQueue({ path: '/_api/news/save', body: { itemId, saved } }),
    saved ? 'Failed to save the story' : 'Failed to remove the story from Saved',
  );
}

/**
 * Mark all as read: what the feed shows with its filters (the server picks
 * the same stories); the loaded ones dim at once. Then a toast whose Undo asks
 * the server to put back what the call changed.
 */
export async function markAllRead(qc: QueryClient, filters: ListParams) {
  const shown = new Set<string>();
  for (const [, data] of qc.getQueriesData<Lists>({ queryKey: newsKeys.list(filters) }))
    for (const page of data?.pages ?? []) for (const item of page.items) shown.add(item.id);
  const patched = new Set(
    loadedItems(qc, (item) => !isRead(item) && shown.has(item.id)).map((item) => item.id),
  );
  patchItems(qc, patched, { isRead: true });
  try {
    const { marked } = await api.post<MarkAllReadResponse>(
      '/_api/news/mark-all-read',
      { filters: markAllFilters(filters) },
      'Failed to mark all as read',
    );
    toast.success(marked === 1 ? '1 story marked as read' : `${marked} stories marked as read`, {
      action: { label: 'Undo', onClick: () => void undoMarkAll(qc, patched) },
    });
  } catch (e) {
    patchItems(qc, patched, { isRead: false });
    toast.error('Failed to mark all as read', {
      description: e instanceof Error ? e.message : undefined,
    });
  } finally {
    void refreshCounts(qc);
  }
}

/** The list's filters as the call takes them (no sort; an empty source list means every source). */
function markAllFilters(p: ListParams) {
  return {
    ...(p.sourceIds.length > 0 && { sourceIds: p.sourceIds }),
    ...(p.itemType !== undefined && { itemType: p.itemType }),
    ...(p.isBreaking !== undefined && { isBreaking: p.isBreaking }),
    ...(p.searchTerm && { searchTerm: p.searchTerm }),
    includeBlueSky: p.includeBlueSky,
  };
}

async function undoMarkAll(qc: QueryClient, ids: ReadonlySet<string>) {
  try {
    await api.post('/_api/news/mark-all-read/undo', {}, 'Failed to undo');
    patchItems(qc, ids, { isRead: false });
  } catch (e) {
    toast.error('Failed to undo', { description: e instanceof Error ? e.message : undefined });
  } finally {
    void refreshCounts(qc);
  }
}
