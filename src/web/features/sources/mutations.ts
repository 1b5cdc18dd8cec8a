// Mutation hooks for sources. Every change refreshes the sources list and the news
// list (keys starting with 'news'), since visibility of items depends on sources.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SourceType } from '../../../shared/constants';
import type { FetchNewsResponse, NewsSource } from '../../../shared/types';
import type { SourceFolderResponse } from '../../../shared/sync';
import { api } from '../../lib/api';
import { sourceKeys } from './queries';

export interface SourceInput {
  name: string;
  url: string;
  sourceType: SourceType;
}
export interface SourceUpdate extends Partial<SourceInput> {
  sourceId: string;
}

function useInvalidateSources() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sourceKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['news'] }),
    ]);
}

function useSourceMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const invalidate = useInvalidateSources();
  return useMutation({ mutationFn: fn, onSettled: invalidate });
}

export const useCreateSource = () =>
  useSourceMutation((input: SourceInput) =>
    api.post<{ id: string; name: string }>(
      '/_api/news/sources',
      input,
      'Failed to create news source',
    ),
  );

export const useUpdateSource = () =>
  useSourceMutation((input: SourceUpdate) =>
    api.post<{ name: string }>('/_api/news/sources/update', input, 'Failed to update news source.'),
  );

export const useDeleteSource = () =>
  useSourceMutation((sourceId: string) =>
    api.post('/_api/news/sources/delete', { sourceId }, 'Failed to delete news source.'),
  );

export const useSetSourcePreference = () =>
  useSourceMutation((input: { sourceId: string; isEnabled: boolean }) =>
    api.post('/_api/news/sources/preferences', input, 'Failed to set news source preference.'),
  );

/**
 * The first fetch of a just-added source. The fetch call succeeds even when the
 * upstream failed (the failure is recorded on the source), so the refreshed
 * source's health decides: an error status rejects with the recorded error.
 */
export function useFirstFetch() {
  const queryClient = useQueryClient();
  const fetchNow = useSourceMutation((sourceIds: string[]) =>
    api.post<FetchNewsResponse>('/_api/news/fetch', { sourceIds }, 'Failed to trigger news fetch'),
  );
  return async (sourceId: string) => {
    const result = await fetchNow.mutateAsync([sourceId]);
    const source = queryClient
      .getQueryData<NewsSource[]>(sourceKeys.all)
      ?.find((s) => s.id === sourceId);
    if (source?.health.lastStatus === 'error')
      throw new Error(source.health.lastError ?? 'The first fetch failed.');
    return result;
  };
}

export const useCreateDefaultSource = () =>
  useSourceMutation((input: SourceInput) =>
    api.post<{ id: string; name: string }>(
      '/_api/admin/sources-create',
      input,
      'Failed to create default source',
    ),
  );

export const useUpdateDefaultSource = () =>
  useSourceMutation((input: Required<SourceUpdate>) =>
    api.post('/_api/admin/sources/update', input, 'Failed to update default source'),
  );

export const useDeleteDefaultSource = () =>
  useSourceMutation((sourceId: string) =>
    api.post('/_api/admin/sources/delete', { sourceId }, 'Failed to delete default source'),
  );

export interface OpmlReport {
  imported: Array<{ name: string; url: string; sourceType: string }>;
  skipped: Array<{ url: string; reason: string; detail?: string }>;
  rejected: Array<{ url?: string; name?: string; reason: string }>;
}

export const useImportOpml = () =>
  useSourceMutation((opml: string) => api.post<OpmlReport>('/_api/news/sources/opml', { opml }));

export const OPML_EXPORT_URL = '/_api/news/sources/opml';

/** Asks the server for a feed's title (the server fetches it, guarded); null when none. */
export async function extractFeedTitle(url: string): Promise<string | null> {
  if (!URL.canParse(url)) {
    console.warn('Feed title extraction skipped: not a valid URL', url);
    return null;
  }
  const { title } = await api.post<{ title: string | null }>('/_api/news/sources/extract-title', {
    url,
  });
  return title;
}

/** The caller's folder for a source (null: none). Only the sources list shows folders. */
export function useSetSourceFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { sourceId: string; folder: string | null }) =>
      api.post<SourceFolderResponse>(
        '/_api/news/sources/folder',
        input,
        'Failed to save the folder.',
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sourceKeys.all }),
  });
}
