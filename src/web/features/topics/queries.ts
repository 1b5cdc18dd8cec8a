// Query keys and hooks for space topics (issue 29): the vocabulary with the
// user's choices (GET /_api/topics), a topic's page (GET /_api/topics/:slug),
// follow and mute (POST /_api/topics/follow, /_api/topics/mute).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TopicDetail,
  TopicLaunch,
  TopicRef,
  TopicSkyEvent,
  TopicsResponse,
} from '../../../shared/topics';
import type { NewsItem } from '../../../shared/types';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { newsKeys } from '../feed/queries';

export interface TopicPageResponse {
  topic: TopicDetail;
  items: NewsItem[];
  launches: TopicLaunch[];
  skyEvents: TopicSkyEvent[];
}

export const topicKeys = {
  all: ['topics'] as const,
  list: () => [...topicKeys.all, 'list'] as const,
  detail: (slug: string) => [...topicKeys.all, 'detail', slug] as const,
};

/** The vocabulary changes weekly: fetched once a visit. */
export function useTopics(enabled = true) {
  return useQuery({
    queryKey: topicKeys.list(),
    enabled,
    staleTime: 60 * 60 * 1000,
    queryFn: () => api.get<TopicsResponse>('/_api/topics', 'Failed to load topics'),
  });
}

export function useTopicPage(slug: string) {
  return useQuery({
    queryKey: topicKeys.detail(slug),
    queryFn: () =>
      api.get<TopicPageResponse>(
        `/_api/topics/${encodeURIComponent(slug)}`,
        'Failed to load this topic',
      ),
    retry: (count, error) => count < 2 && !/not found/i.test(error.message),
  });
}

type Choice = 'follow' | 'mute';

/** Follow or mute a topic; the feed reloads after a mute (its stories leave it). */
export function useTopicChoice(choice: Choice) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ topic, on }: { topic: TopicRef; on: boolean }) =>
      api.post<{ topic: TopicRef }>(
        `/_api/topics/${choice}`,
        { slug: topic.slug, [choice]: on },
        choice === 'follow' ? 'Failed to update the followed topic' : 'Failed to mute the topic',
      ),
    onSuccess: async (_data, { topic, on }) => {
      const verb =
        choice === 'follow' ? (on ? 'Following' : 'No longer following') : on ? 'Muted' : 'Unmuted';
      toast.success(`${verb} ${topic.name}`, {
        description: choice === 'mute' && on ? 'Its stories leave your feed.' : undefined,
      });
      await Promise.all([
        qc.invalidateQueries({ queryKey: topicKeys.all }),
        choice === 'mute' ? qc.invalidateQueries({ queryKey: newsKeys.all }) : undefined,
      ]);
    },
    onError: (error) => toast.error(error.message),
  });
}
