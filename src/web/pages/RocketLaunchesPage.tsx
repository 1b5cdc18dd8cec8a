import { RequireAuth } from '../features/auth/RequireAuth';
import { KindFeedPage } from '../features/feed/KindFeedPage';
import { AppLayout } from '../features/layout/AppLayout';
import { LaunchPageExtras } from '../features/launches/LaunchPageExtras';

/**
 * /rocket-launches (spec 001 §2 "Dedicated feed pages"), with each launch's
 * countdown, moves, stories and details added around the spec's schedule (issue 27).
 */
export function RocketLaunchesPage() {
  return (
    <RequireAuth>
      {(user) => (
        <AppLayout feed>
          <LaunchPageExtras>
            <KindFeedPage kind="rocket_launch" title="Launch Schedule" user={user} />
          </LaunchPageExtras>
        </AppLayout>
      )}
    </RequireAuth>
  );
}
