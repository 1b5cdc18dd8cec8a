// Query keys and hooks for news sources (GET /_api/news/sources).
import { useQuery } from '@tanstack/react-query';
import type { NewsSource } from '../../../shared/types';
import { api } from '../../lib/api';

export const sourceKeys = {
  all: ['sources'] as const,
};

export function useSources() {
  return useQuery({
    queryKey: sourceKeys.all,
    queryFn: async () =>
      (
        await api.get<{ sources: NewsSource[] }>(
          '/_api/news/sources',
          'Failed to fetch news sources',
        )
      ).sources,
  });
}
