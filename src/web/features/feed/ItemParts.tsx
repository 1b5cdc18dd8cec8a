// Pieces shared by NewsCard and NewsRow.
import { ExternalLink } from 'lucide-react';
import type { NewsItem } from '../../../shared/types';
import { Badge } from '../../components/ui/badge';
import { timeAgo } from '../../lib/format';
import { cn } from '../../lib/utils';
import { SaveButton } from '../reader/SaveButton';
import { typeBadge } from './item';
import { LaunchChip } from './LaunchChip';
import { SharePopover } from './SharePopover';

export function ItemBadges({ item, className }: { item: NewsItem; className?: string }) {
  const badge = typeBadge(item.itemType);
  return (
    <div className={cn('flex flex-wrap items-center gap-1.5', className)}>
      <Badge variant={badge.variant} className="capitalize">
        {badge.label}
      </Badge>
      {item.isBreaking && <Badge variant="destructive">Breaking</Badge>}
      {item.launch && <LaunchChip launch={item.launch} className="max-w-48" />}
    </div>
  );
}

/** Source name (fallback 'Unknown Source') and relative publish time. */
export function ItemMeta({ item, className }: { item: NewsItem; className?: string }) {
  return (
    <p
      className={cn(
        'flex min-w-0 flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground',
        className,
      )}
    >
      <span className="truncate font-medium text-foreground/80">
        {item.sourceName || 'Unknown Source'}
      </span>
      <span aria-hidden="true">·</span>
      <time dateTime={item.publishedAt} title={new Date(item.publishedAt).toLocaleString()}>
        {timeAgo(item.publishedAt)}
      </time>
    </p>
  );
}

/** Save and Share buttons and the external-link icon (`onOpen` follows a click on the link). */
export function ItemActions({
  item,
  className,
  onOpen,
}: {
  item: NewsItem;
  className?: string;
  onOpen?: () => void;
}) {
  return (
    <div className={cn('flex shrink-0 items-center gap-0.5', className)}>
      <SaveButton item={item} />
      <SharePopover url={item.url} title={item.title} />
      <a
        href={item.url}
        onClick={onOpen}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Open in new tab"
        className="inline-flex h-8 w-8 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ExternalLink className="h-4 w-4" />
      </a>
    </div>
  );
}
