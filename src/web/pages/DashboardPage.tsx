// The signed-in dashboard (spec 000 §2 "Dashboard"); HomePage wraps it in AppLayout.
import { lazy, Suspense, useState } from 'react';
import { Skeleton } from '../components/ui/skeleton';
import { useSession } from '../features/auth/session';
import { FeedFilters } from '../features/feed/FeedFilters';
import { FeedHeader, FeedPageShell } from '../features/feed/FeedPageShell';
import { dashboardFilter } from '../features/feed/filters';
import { NewsFeed } from '../features/feed/NewsFeed';
import { RefreshButton } from '../features/feed/RefreshButton';
import { ReadingBar, viewParams, type ReadView } from '../features/reader/ReadingBar';
import { useFeedFilter } from '../features/feed/useFeedFilter';
import { useViewMode, ViewToggle } from '../features/feed/ViewToggle';

// Issue 28's one line about tonight, loaded after the dashboard's first paint.
const TonightLine = lazy(() =>
  import('../features/sky/TonightLine').then((m) => ({ default: m.TonightLine })),
);

export function DashboardPage() {
  const { user } = useSession();
  const { filter, setFilter, sources, params } = useFeedFilter(dashboardFilter);
  const [view, setView] = useViewMode();
  // Unread and Saved beside the feed (issue 25); the spec's four tabs stay as they are.
  const [readView, setReadView] = useState<ReadView>('all');
  const listParams = params && { ...params, ...viewParams(readView) };
  const reading = {
    view: readView,
    onView: setReadView,
    filters: listParams ?? undefined,
  };

  return (
    <FeedPageShell
      title={`Welcome back, ${user?.displayName ?? ''}!`}
      subtitle="Latest updates from the cosmos, all in one place"
      sidebar={
        filter ? (
          <FeedFilters
            filter={filter}
            onChange={setFilter}
            sources={(sources ?? []).filter((s) => s.isEnabled)}
          />
        ) : (
          <Skeleton className="h-64 w-full" />
        )
      }
      feedTabLabel="News Feed"
      tabOrder="dashboard"
      banner={
        <Suspense fallback={null}>
          <TonightLine />
        </Suspense>
      }
      feed={
        <>
          <FeedHeader
            title="Latest News"
            actions={
              <>
                {/* Beside the view toggle on a wide screen (the stories stay above the fold);
                    a line of its own on a phone. */}
                <ReadingBar className="max-sm:hidden" {...reading}>
                  {/* In the reading toolbar: one tab stop for the lot. */}
                  <ViewToggle value={view} onChange={setView} inToolbar />
                </ReadingBar>
                <div className="sm:hidden">
                  <ViewToggle value={view} onChange={setView} />
                </div>
                <RefreshButton />
              </>
            }
          />
          <ReadingBar className="mb-1 sm:hidden" {...reading} />
          <NewsFeed
            params={listParams}
            view={view}
            empty={
              readView === 'hot'
                ? {
                    title: 'No Hot Stories',
                    text: 'No story was carried by two or more of your sources in the last day.',
                  }
                : undefined
            }
          />
        </>
      }
    />
  );
}
