import { CalendarClock, MapPin, Rocket } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useContext } from 'react';
import { ROW_SUMMARY_CHARS } from '../../../shared/constants';
import type { NewsItem } from '../../../shared/types';
import { Badge } from '../../components/ui/badge';
import { formatDate, formatDateTime, truncate } from '../../lib/format';
import { cn } from '../../lib/utils';
import { isRead, storyOpened } from '../reader/state';
import { AlsoCovered } from '../stories/AlsoCovered';
import { HotCount } from '../stories/HotCount';
import { AiSummary } from './AiSummary';
import { activationProps } from './item';
import { ItemActions, ItemBadges, ItemMeta } from './ItemParts';
import { TopicChips } from '../topics/TopicChips';
import { launchDetails, launchStatusVariant, pastLaunch, type LaunchDetails } from './launch';
import { LaunchRowExtra } from './launch-row';

function LaunchInfo({ launch }: { launch: LaunchDetails }) {
  const phase = pastLaunch(launch);
  return (
    <div className="flex basis-full flex-wrap items-center gap-x-3 gap-y-1 pb-1 text-xs text-muted-foreground">
      {phase ? (
        // A launch whose window has passed: what became of it, not a stale 'Go for Launch'.
        <Badge
          variant={phase.variant}
          data-testid="launch-phase"
          title={launch.status ?? undefined}
        >
          {phase.label}
        </Badge>
      ) : (
        launch.status && <Badge variant={launchStatusVariant(launch.status)}>{launch.status}</Badge>
      )}
      {launch.provider && (
        <span className="inline-flex items-center gap-1">
          <Rocket className="h-3.5 w-3.5" aria-hidden="true" />
          {launch.provider}
        </span>
      )}
      {launch.pad && (
        <span className="inline-flex items-center gap-1">
          <MapPin className="h-3.5 w-3.5" aria-hidden="true" />
          {launch.pad}
        </span>
      )}
      {launch.windowStart && (
        <span className="inline-flex items-center gap-1" title={formatDateTime(launch.windowStart)}>
          <CalendarClock className="h-3.5 w-3.5" aria-hidden="true" />
          <span className="sr-only">Window opens </span>
          {formatDate(launch.windowStart)}
        </span>
      )}
    </div>
  );
}

/**
 * A story as a compact row, as in Feedly's title view or Miniflux: badges, the
 * title followed by its 150-character summary (cut to one line, two on a phone),
 * source and time, AI Summary, share and link, all on one line on a wide screen
 * (a launch adds a line of launch details).
 */
export const NewsRow = memo(function NewsRow({ item }: { item: NewsItem }) {
  const titleId = `news-title-${item.id}`;
  const qc = useQueryClient();
  const onOpen = () => storyOpened(qc, item);
  const read = isRead(item);
  const launch = launchDetails(item);
  const extra = useContext(LaunchRowExtra);
  const launchId = item.sourceType === 'rocket_launch' ? item.extra?.launchId : undefined;
  const summary = item.summaryText ? truncate(item.summaryText, ROW_SUMMARY_CHARS) : '';
  return (
    <article
      {...activationProps(item.url, onOpen)}
      aria-labelledby={titleId}
      data-testid="news-row"
      data-item-id={item.id}
      data-read={read || undefined}
      className={cn(
        'flex cursor-pointer flex-wrap items-center gap-x-2 gap-y-0.5 border-b border-border px-2 py-0.5 text-card-foreground transition-colors hover:bg-accent/40 focus-visible:rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:flex-nowrap',
        // An open AI Summary (its button expanded) takes a line of its own below the row.
        'has-[>section>button[aria-expanded=true]]:flex-wrap',
        launch && 'sm:flex-wrap',
      )}
    >
      <ItemBadges item={item} className="shrink-0 flex-nowrap [&>*]:px-1.5 [&>*]:py-0" />
      <HotCount item={item} className="shrink-0 px-1.5 py-0" />
      <div
        className={cn(
          'min-w-0 flex-1 text-sm leading-6 break-words max-sm:order-first max-sm:basis-full max-sm:line-clamp-2',
          // A launch's row has a second line anyway: its title is not cut, and keeps room
          // on the first line (what follows it wraps instead of squeezing it to a few letters).
          launch ? 'sm:line-clamp-2 sm:min-w-56' : 'sm:truncate',
        )}
        title={summary || undefined}
      >
        <h3
          id={titleId}
          className={cn('inline', read ? 'font-medium text-muted-foreground' : 'font-semibold')}
        >
          {item.title}
        </h3>
        {summary && <span className="text-muted-foreground"> — {summary}</span>}
      </div>
      <TopicChips
        topics={item.topics}
        max={2}
        className="shrink-0 flex-nowrap max-sm:order-first max-sm:basis-full max-sm:flex-wrap"
      />
      {/* On a phone the time keeps about its room: a row short of it wraps rather than overlap. */}
      <ItemMeta
        item={item}
        className="min-w-0 shrink flex-nowrap max-sm:min-w-28 max-sm:flex-1 sm:[&>span:first-child]:max-w-32 [&>time]:whitespace-nowrap"
      />
      <AiSummary
        item={item}
        className="shrink-0 [&>button]:py-1 max-sm:[&>button[aria-expanded=false]>span]:sr-only [&>button[aria-expanded=false]>svg:last-child]:hidden has-[>button[aria-expanded=true]]:order-last has-[>button[aria-expanded=true]]:mb-1.5 has-[>button[aria-expanded=true]]:basis-full"
      />
      <ItemActions item={item} onOpen={onOpen} className="[&>*]:size-7!" />
      {launch && <LaunchInfo launch={launch} />}
      {/* A line of its own under the row; opened, the other sources' items below it. */}
      <AlsoCovered item={item} className="basis-full pb-1 pl-1" />
      {launchId && extra?.(launchId)}
    </article>
  );
});
