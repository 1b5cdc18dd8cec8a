// Lets a part of a feed page open another of the page's tabs (the feed's notice
// and the refresh warning open Sources, where each source shows its last error).
import { createContext, useContext } from 'react';

export type FeedTab = 'feed' | 'sources' | 'ai' | 'announcements';

export const FeedTabContext = createContext<((tab: FeedTab) => void) | null>(null);

/** Opens a tab of the feed page this is on; null outside one. */
export function useShowFeedTab(): ((tab: FeedTab) => void) | null {
  return useContext(FeedTabContext);
}
