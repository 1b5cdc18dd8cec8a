// Query keys and hooks for the news feed (GET /_api/news/list) and the calls
// around it: refresh (POST /_api/news/fetch) and cleanup (POST /_api/news/cleanup).
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { FEED_PAGE_SIZE } from '../../../shared/constants';
import type { FetchNewsResponse, NewsListResponse } from '../../../shared/types';
import { api, toQuery } from '../../lib/api';
import { sourceKeys } from '../sources/queries';
import type { ListParams } from './filters';

export const newsKeys = {
  all: ['news'] as const,
  lists: () => [...newsKeys.all, 'list'] as const,
  list: (params: ListParams) => [...newsKeys.lists(), params] as const,
};

/**
 * The feed, 10 items a page. Follows the server's opaque cursor (fast at any
 * depth) and stops when the current page reaches totalPages (spec §4).
 */
export function useNewsList(params: ListParams, enabled = true) {
  return useInfiniteQuery({
    queryKey: newsKeys.list(params),
    enabled,
    initialPageParam: { page: 1, cursor: undefined as string | undefined },
    queryFn: async ({ pageParam }) => {
      const query = toQuery({
        ...params,
        page: pageParam.page,
        pageSize: FEED_PAGE_SIZE,
        cursor: pageParam.cursor,
      });
      return api.get<NewsListResponse>(`/_api/news/list${query}`, 'Failed to fetch news list');
    },
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.totalPages
        ? { page: last.pagination.page + 1, cursor: last.pagination.nextCursor ?? undefined }
        : undefined,
  });
}

/** After new items arrive, re-normalise stored HTML; failures are only logged (spec §4, §8). */
async function runCleanup(queryClient: QueryClient) {
  try {
    const res = await fetch('/_api/news/cleanup', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    if (!res.ok) {
      console.error(`Cleanup request failed with status: ${res.status}`);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: newsKeys.all });
  } catch (e) {
    console.error('Cleanup request failed', e);
  }
}

/** Refresh Feed: fetch every active source, refresh news and sources, then clean up. */
export function useRefreshFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<FetchNewsResponse>('/_api/news/fetch', {}, 'Failed to trigger news fetch'),
    onSuccess: async (data) => {
      toast.success('Feed refresh initiated', {
        description: `${data.newItemsAdded} new items are being fetched.`,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: newsKeys.all }),
        queryClient.invalidateQueries({ queryKey: sourceKeys.all }),
      ]);
      void runCleanup(queryClient);
    },
    onError: (e) => {
      toast.error('Failed to refresh feed', {
        description: e.message || 'An unknown error occurred.',
      });
    },
  });
}
