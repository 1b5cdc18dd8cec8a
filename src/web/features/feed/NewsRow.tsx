import { CalendarClock, MapPin, Rocket } from 'lucide-react';
import { memo } from 'react';
import { ROW_SUMMARY_CHARS } from '../../../shared/constants';
import type { NewsItem } from '../../../shared/types';
import { Badge } from '../../components/ui/badge';
import { formatDate, formatDateTime, truncate } from '../../lib/format';
import { AiSummary } from './AiSummary';
import { activationProps } from './item';
import { ItemActions, ItemBadges, ItemMeta } from './ItemParts';
import { launchDetails, launchStatusVariant, type LaunchDetails } from './launch';

function LaunchInfo({ launch }: { launch: LaunchDetails }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
      {launch.status && <Badge variant={launchStatusVariant(launch.status)}>{launch.status}</Badge>}
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

/** A story as a compact row: badges, title, 150-character summary, meta, actions (launch details on launches). */
export const NewsRow = memo(function NewsRow({ item }: { item: NewsItem }) {
  const titleId = `news-title-${item.id}`;
  const launch = launchDetails(item);
  return (
    <article
      {...activationProps(item.url)}
      aria-labelledby={titleId}
      data-testid="news-row"
      className="flex cursor-pointer flex-col gap-1.5 rounded-lg border border-border bg-card p-3 text-card-foreground shadow-sm transition-colors hover:bg-accent/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background sm:p-4"
    >
      <div className="flex items-start justify-between gap-2">
        <ItemBadges item={item} />
        <ItemActions item={item} />
      </div>
      <h3 id={titleId} className="text-sm font-semibold leading-snug break-words sm:text-base">
        {item.title}
      </h3>
      {launch && <LaunchInfo launch={launch} />}
      {item.summaryText && (
        <p className="text-sm text-muted-foreground break-words">
          {truncate(item.summaryText, ROW_SUMMARY_CHARS)}
        </p>
      )}
      <AiSummary item={item} />
      <ItemMeta item={item} />
    </article>
  );
});
