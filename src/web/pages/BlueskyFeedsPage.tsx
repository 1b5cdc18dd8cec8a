import { RequireAuth } from '../features/auth/RequireAuth';
import { KindFeedPage } from '../features/feed/KindFeedPage';
import { AppLayout } from '../features/layout/AppLayout';

/** /bluesky-feeds (spec 001 §2 "Dedicated feed pages"). */
export function BlueskyFeedsPage() {
  return (
    <RequireAuth>
      {(user) => (
        <AppLayout feed>
          <KindFeedPage kind="bluesky" title="BlueSky Feed" user={user} />
        </AppLayout>
      )}
    </RequireAuth>
  );
}
