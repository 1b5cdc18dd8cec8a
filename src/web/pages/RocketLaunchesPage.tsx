import { RequireAuth } from '../features/auth/RequireAuth';
import { KindFeedPage } from '../features/feed/KindFeedPage';
import { AppLayout } from '../features/layout/AppLayout';

/** /rocket-launches (spec 001 §2 "Dedicated feed pages"). */
export function RocketLaunchesPage() {
  return (
    <RequireAuth>
      {(user) => (
        <AppLayout feed>
          <KindFeedPage kind="rocket_launch" title="Launch Schedule" user={user} />
        </AppLayout>
      )}
    </RequireAuth>
  );
}
