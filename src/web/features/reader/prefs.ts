// The reader's preferences (issue 25), kept on the user (set on My Account):
// when a story counts as read, and whether the keyboard shortcuts are on.
import type { QueryClient } from '@tanstack/react-query';
import type { MarkReadPolicy } from '../../../shared/reading';
import type { User } from '../../../shared/types';
import { sessionKey, useSession } from '../auth/session';

export interface ReaderPrefs {
  markRead: MarkReadPolicy;
  shortcuts: boolean;
}

const toPrefs = (user: User | null | undefined): ReaderPrefs => ({
  markRead: user?.markReadPolicy ?? 'opened',
  shortcuts: user?.keyboardShortcuts ?? true,
});

/** The signed-in user's preferences, read outside a component (a key press, a click). */
export const readerPrefs = (qc: QueryClient) => toPrefs(qc.getQueryData<User | null>(sessionKey));

export function useReaderPrefs(): ReaderPrefs {
  return toPrefs(useSession().user);
}
