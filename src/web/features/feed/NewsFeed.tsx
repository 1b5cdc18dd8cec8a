// The feed list: skeletons, error and empty states, then a window-virtualised
// list of cards or rows that loads the next page when its last item shows.
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { AlertTriangle, Newspaper } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FEED_MORE_SKELETONS, FEED_SKELETONS } from '../../../shared/constants';
import type { NewsItem } from '../../../shared/types';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/utils';
import { useKeyboard } from '../reader/keys';
import { ReaderSlot } from '../reader/ReaderSlot';
import { useReadOnScroll } from '../reader/useReadOnScroll';
import type { ListParams } from './filters';
import { NewsCard } from './NewsCard';
import { NewsRow } from './NewsRow';
import { useNewsList } from './queries';
import { SearchResultCount } from './SearchResultCount';
import { SourceFailureNotice } from './SourceFailureNotice';
import { FeedScope, type Scope } from '../stories/scope';
import type { ViewMode } from './storage';

const GAP = 16;
/** Card view puts as many columns side by side as fit at this width. */
const CARD_MIN_WIDTH = 210;

/** Columns for the view at this feed width: rows for the list, a grid for cards. */
export function columnsFor(view: ViewMode, width: number): number {
  if (view !== 'card' || width <= 0) return 1;
  return Math.max(1, Math.floor((width + GAP) / (CARD_MIN_WIDTH + GAP)));
}

export function FeedSkeletons({ count, view }: { count: number; view: ViewMode }) {
  return (
    <div
      className={
        view === 'card'
          ? 'grid grid-cols-[repeat(auto-fill,minmax(210px,1fr))] gap-4'
          : 'flex flex-col rounded-lg bg-card ring-1 ring-border'
      }
      data-testid="feed-skeletons"
    >
      {Array.from({ length: count }, (_, i) =>
        view === 'card' ? (
          <div key={i} className="overflow-hidden rounded-lg border border-border bg-card">
            <Skeleton className="aspect-[2/1] w-full rounded-none" />
            <div className="space-y-2 p-3">
              <Skeleton className="h-4 w-20" />
              <Skeleton className="h-5 w-11/12" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-2/3" />
            </div>
          </div>
        ) : (
          <div key={i} className="flex items-center gap-2 border-b border-border px-2 py-2">
            <Skeleton className="h-4 w-14" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-4 w-28" />
          </div>
        ),
      )}
    </div>
  );
}

function FeedMessage({
  icon,
  title,
  text,
}: {
  icon: React.ReactNode;
  title: string;
  text: string;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border bg-card px-6 py-12 text-center">
      {icon}
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="max-w-md text-sm text-muted-foreground">{text}</p>
    </div>
  );
}

/** Width of an element, kept current. */
function useWidth(ref: React.RefObject<HTMLElement | null>) {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}

/**
 * The window-virtualised feed. Stories are laid out in rows of `columns` (one
 * story per row in list view), so cards line up in rows instead of a staggered
 * masonry, and the virtualiser measures whole rows.
 */
function VirtualList({
  items,
  view,
  busy,
  onLastVisible,
}: {
  items: NewsItem[];
  view: ViewMode;
  busy: boolean;
  onLastVisible: () => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const width = useWidth(listRef);
  const columns = columnsFor(view, width);
  const rowCount = Math.ceil(items.length / columns);
  const [scrollMargin, setScrollMargin] = useState(0);
  // Measured after every render on purpose (the list moves as filters above it change);
  // the guard keeps it from looping.
  // oxlint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  });

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => (view === 'card' ? 300 : 34),
    overscan: view === 'card' ? 4 : 10,
    gap: view === 'card' ? GAP : 0,
    scrollMargin,
    getItemKey: (row) => items[row * columns].id,
  });
  // A new column count or view invalidates every measured row.
  useEffect(() => virtualizer.measure(), [virtualizer, columns, view]);
  const readOnScroll = useReadOnScroll(items);

  // Infinite scroll: observe the last row (spec §2).
  const observer = useRef<IntersectionObserver | null>(null);
  const onLastRef = useRef(onLastVisible);
  onLastRef.current = onLastVisible;
  const lastRowRef = useCallback((el: HTMLElement | null) => {
    observer.current?.disconnect();
    if (!el) return;
    observer.current = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && onLastRef.current(),
      { rootMargin: '0px 0px 300px 0px' },
    );
    observer.current.observe(el);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);

  return (
    <div
      ref={listRef}
      role="feed"
      aria-busy={busy}
      aria-label="News feed"
      className={cn('relative w-full', view === 'list' && 'rounded-lg bg-card ring-1 ring-border')}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((v) => {
        const rowItems = items.slice(v.index * columns, (v.index + 1) * columns);
        const isLast = v.index === rowCount - 1;
        return (
          <div
            key={v.key}
            data-index={v.index}
            ref={(el) => {
              virtualizer.measureElement(el);
              readOnScroll(el);
              if (isLast) lastRowRef(el);
            }}
            // Row 2 (1fr, empty unless a card spans it) takes an opened AI summary's extra
            // height: grid sizing leaves items that span a flexible row out of row 1, so
            // only the card that opened its summary grows, not the others in its row.
            className="absolute top-0 left-0 grid w-full grid-rows-[auto_1fr] gap-x-4 [&>*]:[grid-row:1] [&>*:has([data-summary-open],[data-story-open])]:[grid-row:1/span_2]"
            style={{
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              transform: `translateY(${v.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            {rowItems.map((item) =>
              view === 'card' ? (
                <NewsCard key={item.id} item={item} />
              ) : (
                <NewsRow key={item.id} item={item} />
              ),
            )}
          </div>
        );
      })}
    </div>
  );
}

const WAITING = {} as ListParams;

/** A page's own order for the loaded items; `complete: false` asks for the next page at once. */
export type Arrange = (items: NewsItem[]) => { items: NewsItem[]; complete: boolean };

interface NewsFeedProps {
  params: Scope | null;
  view: ViewMode;
  arrange?: Arrange;
  /** What an empty feed says instead of the spec's 'No News Found' (the Hot view). */
  empty?: { title: string; text: string };
}

/**
 * The news feed for one filter (spec §2 "News feed"). `null` params (sources still
 * loading) show the skeletons. Above it, a notice when the feed's sources could not be read.
 */
export function NewsFeed(props: NewsFeedProps) {
  return (
    <FeedScope.Provider value={props.params}>
      {props.params && <SourceFailureNotice sourceIds={props.params.sourceIds} />}
      <FeedList {...props} />
    </FeedScope.Provider>
  );
}

function FeedList({ params, view, arrange, empty }: NewsFeedProps) {
  useKeyboard();
  const query = useNewsList(params ?? WAITING, params !== null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const loaded = query.data?.pages.flatMap((p) => p.items);
  const arranged = loaded && arrange ? arrange(loaded) : undefined;
  const incomplete = arranged?.complete === false;
  useEffect(() => {
    if (incomplete) loadMore();
  }, [incomplete, loadMore]);

  if (query.isPending) return <FeedSkeletons count={FEED_SKELETONS} view={view} />;
  if (query.isError) {
    return (
      <div role="alert">
        <FeedMessage
          icon={<AlertTriangle className="h-8 w-8 text-destructive" aria-hidden="true" />}
          title="Failed to load news"
          text={query.error.message || 'An unknown error occurred.'}
        />
      </div>
    );
  }
  const items = arranged?.items ?? query.data.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    return (
      <FeedMessage
        icon={<Newspaper className="h-8 w-8 text-muted-foreground" aria-hidden="true" />}
        title={empty?.title ?? 'No News Found'}
        text={empty?.text ?? 'Try adjusting your filters or check back later.'}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {params?.searchTerm && (
        // The last page loaded knows most: a total the server counted only so far
        // ("1,000+") becomes exact once the scroll reaches the end.
        <SearchResultCount pagination={query.data.pages[query.data.pages.length - 1].pagination} />
      )}
      <VirtualList items={items} view={view} busy={isFetchingNextPage} onLastVisible={loadMore} />
      {isFetchingNextPage && <FeedSkeletons count={FEED_MORE_SKELETONS} view={view} />}
      {!hasNextPage && (
        <p className="py-6 text-center text-sm text-muted-foreground">
          You've reached the end of the feed.
        </p>
      )}
      <ReaderSlot />
    </div>
  );
}
