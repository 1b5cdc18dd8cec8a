// Read and saved state (issue 25): the per-user fields of a story, the unread
// counts, and the calls (their code, actions.ts, loads on the first one).
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { NewsItem } from '../../../shared/types';
import { api } from '../../lib/api';
import type { ListParams } from '../feed/filters';
import { newsKeys } from '../feed/queries';
import { readerPrefs } from './prefs';

/** The list call's per-user fields (GET /_api/news/list), as a change to apply. */
export type ReaderFields = Partial<Pick<NewsItem, 'isRead' | 'isSaved'>>;
export const isRead = (item: NewsItem) => item.isRead;
export const isSaved = (item: NewsItem) => item.isSaved;

export interface UnreadCounts {
  total: number;
  bySource: Record<string, number>;
}

export const countsKey = [...newsKeys.all, 'unread-counts'] as const;

/** Unread stories in total and per source; absent (undefined) while loading or on error. */
export function useUnreadCounts() {
  return useQuery({
    queryKey: countsKey,
    queryFn: () =>
      api.get<UnreadCounts>('/_api/news/unread-counts', 'Failed to load unread counts'),
    retry: false,
    staleTime: 30_000,
  }).data;
}

/** A story was opened (click, Enter, `o`, `v`, its link): read, when that is the user's policy. */
export function storyOpened(qc: QueryClient, item: NewsItem) {
  if (readerPrefs(qc).markRead === 'opened' && !isRead(item)) act(qc, 'markRead', [item.id], true);
}

/** actions.ts, checked against this shape where it loads. */
interface Actions {
  markRead(qc: QueryClient, itemIds: string[], read: boolean): Promise<void>;
  saveItem(qc: QueryClient, itemId: string, saved: boolean): Promise<void>;
  markAllRead(qc: QueryClient, filters: ListParams): Promise<void>;
}
type Action = keyof Actions;
const loadActions = (): Promise<Actions> => import('./actions');

/** Runs a read/save call; its code loads on the first one. */
export function act<K extends Action>(
  qc: QueryClient,
  name: K,
  ...args: Parameters<Actions[K]> extends [QueryClient, ...infer R] ? R : never
): void {
  loadActions().then(
    (m) => void (m[name] as (qc: QueryClient, ...a: unknown[]) => Promise<void>)(qc, ...args),
    (e: unknown) => console.error('Failed to load', e),
  );
}
