// The caller's announcement history (spec 000 §2 "Announcements history list"):
// newest first, each marked Dismissed or Expired (dimmed), with its type badge.
import { CalendarClock, Check, Clock, Megaphone } from 'lucide-react';
import { ANNOUNCEMENT_HISTORY_SKELETONS } from '../../../shared/constants';
import type { AnnouncementHistoryEntry } from '../../../shared/types';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDate } from '../../lib/format';
import { cn } from '../../lib/utils';
import { AnnouncementBody, isExpired, TypeBadge, useNow } from './parts';
import { useAnnouncementHistory } from './queries';

export function AnnouncementHistory() {
  const history = useAnnouncementHistory();
  const now = useNow();
  if (history.isPending) {
    return (
      <div className="flex flex-col gap-3" data-testid="announcement-skeletons">
        {Array.from({ length: ANNOUNCEMENT_HISTORY_SKELETONS }, (_, i) => (
          <Card key={i} className="space-y-3 p-5">
            <div className="flex gap-2">
              <Skeleton className="h-5 w-20 rounded-full" />
              <Skeleton className="h-5 w-24 rounded-full" />
            </div>
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
          </Card>
        ))}
      </div>
    );
  }
  if (history.isError) {
    return (
      <p
        role="alert"
        className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive"
      >
        Failed to load announcements
      </p>
    );
  }
  if (history.data.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-border bg-card px-6 py-12 text-center">
        <Megaphone aria-hidden="true" className="mx-auto mb-3 h-10 w-10 text-muted-foreground" />
        <h2 className="text-lg font-semibold">No Announcements Yet</h2>
        <p className="mt-1 text-sm text-muted-foreground">Check back later for updates and news.</p>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-3" aria-label="Announcement history">
      {history.data.map((a) => (
        <HistoryItem key={a.id} announcement={a} expired={isExpired(a.expirationDate, now)} />
      ))}
    </ul>
  );
}

function HistoryItem({
  announcement: a,
  expired,
}: {
  announcement: AnnouncementHistoryEntry;
  expired: boolean;
}) {
  return (
    <li data-testid="announcement-history-item">
      <Card className={cn('p-5', expired && 'opacity-60')}>
        <div className="flex flex-wrap items-center gap-2">
          <TypeBadge type={a.type} />
          {a.dismissedAt ? (
            <Badge variant="outline" className="gap-1">
              <Check aria-hidden="true" className="h-3 w-3" />
              Dismissed
            </Badge>
          ) : null}
          {expired ? (
            <Badge variant="outline" className="gap-1">
              <Clock aria-hidden="true" className="h-3 w-3" />
              Expired
            </Badge>
          ) : null}
          <span className="ml-auto inline-flex items-center gap-1 text-xs text-muted-foreground">
            <CalendarClock aria-hidden="true" className="h-3.5 w-3.5" />
            <time dateTime={a.createdAt}>{formatDate(a.createdAt)}</time>
          </span>
        </div>
        <h3 className="mt-2 font-semibold leading-snug break-words">{a.title}</h3>
        <AnnouncementBody content={a.content} className="mt-1 text-muted-foreground" />
        <p className="mt-3 text-xs text-muted-foreground">
          {expired ? 'Expired on' : 'Expires'}{' '}
          <time dateTime={a.expirationDate}>{formatDate(a.expirationDate)}</time>
        </p>
      </Card>
    </li>
  );
}
