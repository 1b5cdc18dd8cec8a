// The dedicated feed pages (spec 001 §2): one source kind, list view, their own
// filters, a user card in the sidebar; Reddit and BlueSky can refresh, the
// launch page shows the server's launch job status and credits the provider.
import { useMemo } from 'react';
import { FEED_PAGE_SKELETON_CARDS } from '../../../shared/constants';
import type { User } from '../../../shared/types';
import { Skeleton } from '../../components/ui/skeleton';
import { UserAvatar } from '../layout/UserAvatar';
import { FeedFilters } from './FeedFilters';
import { arrangeLaunches } from './launch-order';
import { FeedHeader, FeedPageShell } from './FeedPageShell';
import { kindFilter, toListParams, type FeedKind } from './filters';
import { FeedSkeletons, NewsFeed } from './NewsFeed';
import { RefreshButton } from './RefreshButton';
import { RocketStatus, useLaunchStatus } from './RocketStatus';
import { useFeedFilter } from './useFeedFilter';

function UserCard({ user }: { user: User }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-border bg-card p-4 shadow-sm">
      <UserAvatar
        displayName={user.displayName}
        email={user.email}
        avatarUrl={user.avatarUrl}
        className="h-10 w-10"
      />
      <div className="min-w-0">
        <p className="truncate font-semibold">{user.displayName}</p>
        <p className="truncate text-sm text-muted-foreground">{user.email}</p>
      </div>
    </div>
  );
}

/** Only the launch page asks for the launch job's status. */
function LaunchStatusLine() {
  return <RocketStatus status={useLaunchStatus()} />;
}

export function KindFeedPage({ kind, title, user }: { kind: FeedKind; title: string; user: User }) {
  const initial = useMemo(
    () => (sources: Parameters<typeof kindFilter>[1]) => kindFilter(kind, sources),
    [kind],
  );
  const { filter, setFilter, sources, params } = useFeedFilter(initial);
  const kindSources = useMemo(
    () => (sources ?? []).filter((s) => s.sourceType === kind),
    [sources, kind],
  );
  const baseline = useMemo(
    () => (sources ? kindFilter(kind, sources) : undefined),
    [sources, kind],
  );
  // No source chosen on a feed page means every source of its kind, never every kind.
  const feedParams =
    filter && sources && filter.sourceIds.length === 0 && kindSources.length > 0
      ? toListParams({ ...filter, sourceIds: kindSources.map((s) => s.id) }, sources)
      : params;

  let feed;
  if (!sources) feed = <FeedSkeletons count={FEED_PAGE_SKELETON_CARDS} view="card" />;
  else if (
    kindSources.length === 0 &&
    filter?.sourceIds.length === 0 &&
    !filter.searchTerm &&
    !filter.itemType
  ) {
    // No source of this kind: an unfiltered request would show every other kind.
    feed = (
      <div className="rounded-lg border border-dashed border-border bg-card px-6 py-12 text-center">
        <h3 className="text-lg font-semibold">No News Found</h3>
        <p className="text-sm text-muted-foreground">
          Try adjusting your filters or check back later.
        </p>
      </div>
    );
  } else {
    // The schedule's own order (ascending by window): launches still ahead first, past ones after.
    const schedule =
      kind === 'rocket_launch' && filter?.sortBy === 'publishedAt' && filter.sortOrder === 'asc';
    feed = (
      <NewsFeed params={feedParams} view="list" arrange={schedule ? arrangeLaunches : undefined} />
    );
  }

  return (
    <FeedPageShell
      title={title}
      sidebar={
        <>
          <UserCard user={user} />
          {filter ? (
            <FeedFilters
              filter={filter}
              onChange={setFilter}
              sources={kindSources}
              baseline={baseline}
            />
          ) : (
            <Skeleton className="h-64 w-full" />
          )}
        </>
      }
      feedTabLabel={title}
      tabOrder="feed-page"
      feed={
        <>
          <FeedHeader
            title={kind === 'rocket_launch' ? 'Upcoming Launches' : 'Latest Posts'}
            actions={kind === 'rocket_launch' ? null : <RefreshButton />}
          />
          {kind === 'rocket_launch' && <LaunchStatusLine />}
          {feed}
        </>
      }
    />
  );
}
