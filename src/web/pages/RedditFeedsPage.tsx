import { RequireAuth } from '../features/auth/RequireAuth';
import { KindFeedPage } from '../features/feed/KindFeedPage';
import { AppLayout } from '../features/layout/AppLayout';

/** /reddit-feeds (spec 001 §2 "Dedicated feed pages"). */
export function RedditFeedsPage() {
  return (
    <RequireAuth>
      {(user) => (
        <AppLayout feed>
          <KindFeedPage kind="reddit" title="Reddit Feed" user={user} />
        </AppLayout>
      )}
    </RequireAuth>
  );
}
