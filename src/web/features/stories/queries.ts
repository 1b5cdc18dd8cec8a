// A story's items in the feed's sources (GET /_api/news/list?storyId=…&group=false),
// and "Not the same story" (POST /_api/stories/split).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewsListResponse } from '../../../shared/types';
import type { SplitStoryResponse } from '../../../shared/stories';
import { api, toQuery } from '../../lib/api';
import { toast } from '../../lib/toast';
import { newsKeys } from '../feed/queries';
import type { ListParams } from '../feed/filters';

export const storyKeys = {
  items: (storyId: string, scope: Pick<ListParams, 'sourceIds' | 'includeBlueSky'> | null) =>
    [...newsKeys.all, 'story', storyId, scope] as const,
};

export function useStoryItems(storyId: string, scope: ListParams | null) {
  const feed = scope && { sourceIds: scope.sourceIds, includeBlueSky: scope.includeBlueSky };
  return useQuery({
    queryKey: storyKeys.items(storyId, feed),
    queryFn: () =>
      api.get<NewsListResponse>(
        `/_api/news/list${toQuery({ ...feed, storyId, group: false, pageSize: 100 })}`,
        'Failed to load the other sources',
      ),
    staleTime: 30_000,
  });
}

export function useSplitStory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) =>
      api.post<SplitStoryResponse>('/_api/stories/split', { itemId }, 'Failed to split the story'),
    onSuccess: async () => {
      toast.success('Split off', { description: 'It now shows as a story of its own.' });
      await qc.invalidateQueries({ queryKey: newsKeys.all });
    },
    onError: (e) => {
      toast.error('Failed to split the story', {
        description: e.message || 'An unknown error occurred.',
      });
    },
  });
}
