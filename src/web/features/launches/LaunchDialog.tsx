// One launch in full: when (local time with its zone, and UTC), the countdown,
// LIVE and the outcome, webcasts, the date-change timeline with LL2's own
// comments, the stories about it, and Add to calendar.
import { CalendarPlus, ExternalLink } from 'lucide-react';
import type { LaunchDetailResponse, LaunchHistoryEntry } from '../../../shared/launches';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDate, formatDateTime, timeAgo } from '../../lib/format';
import { isPrecise } from '../feed/launch-clock';
import { OUTCOME_LABEL, movesText, timeline } from './format';
import { Countdown, LiveBadge } from './LaunchRowPanel';
import { calendarHref, useLaunchDetail } from './queries';

const UTC = (iso: string) => `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const netText = (h: Pick<LaunchHistoryEntry, 'net' | 'netPrecision'>) =>
  !h.net
    ? 'unknown'
    : isPrecise(h.netPrecision)
      ? formatDateTime(h.net, { zoneName: true })
      : `${h.netPrecision} (${formatDate(h.net)})`;

function Details({ data }: { data: LaunchDetailResponse }) {
  const { launch, history, updates, stories } = data;
  const moved = movesText(launch.moves);
  const entries = timeline(history, updates, netText);
  return (
    <div className="flex min-w-0 flex-col gap-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        {launch.status && <Badge variant="secondary">{launch.status}</Badge>}
        {launch.outcome && (
          <Badge variant={launch.outcome === 'success' ? 'success' : 'destructive'}>
            {OUTCOME_LABEL[launch.outcome]}
          </Badge>
        )}
        <LiveBadge launch={launch} />
        <Countdown launch={launch} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">NET</dt>
        <dd data-testid="launch-net">
          {launch.net ? netText(launch) : 'Not known yet'}
          {launch.net && isPrecise(launch.netPrecision) && (
            <span className="block text-xs text-muted-foreground">{UTC(launch.net)}</span>
          )}
        </dd>
        {launch.provider && (
          <>
            <dt className="text-muted-foreground">Rocket</dt>
            <dd>{[launch.provider, launch.vehicle].filter(Boolean).join(' · ')}</dd>
          </>
        )}
        {launch.pad && (
          <>
            <dt className="text-muted-foreground">Pad</dt>
            <dd>{[launch.pad, launch.location].filter(Boolean).join(', ')}</dd>
          </>
        )}
        {(moved || launch.moves.refined > 0) && (
          <>
            <dt className="text-muted-foreground">Date</dt>
            <dd>
              {[moved, launch.moves.refined > 0 ? 'date refined' : null]
                .filter(Boolean)
                .join(' · ')}
            </dd>
          </>
        )}
      </dl>
      {launch.missionDescription && (
        <p className="text-muted-foreground">{launch.missionDescription}</p>
      )}
      {launch.webcasts.length > 0 && (
        <section className="flex min-w-0 flex-col gap-1">
          <h3 className="font-semibold">Webcasts</h3>
          {launch.webcasts.slice(0, 4).map((w) => (
            <a
              key={w.url}
              href={w.url}
              target="_blank"
              rel="noopener noreferrer"
              className="flex min-w-0 items-center gap-1 text-primary hover:underline"
            >
              {w.live && <Badge variant="destructive">LIVE</Badge>}
              <span className="truncate">{w.title ?? w.url}</span>
              <ExternalLink className="h-3 w-3 shrink-0" aria-hidden="true" />
            </a>
          ))}
        </section>
      )}
      <section className="flex flex-col gap-2" aria-labelledby="launch-timeline">
        <h3 id="launch-timeline" className="font-semibold">
          Timeline
        </h3>
        <ol
          className="flex flex-col gap-2 border-l border-border pl-3"
          data-testid="launch-timeline"
        >
          {entries.map((e, i) => (
            <li key={`${e.at}-${i}`} className="flex flex-col" data-kind={e.kind}>
              <span className={e.kind === 'update' ? '' : 'font-medium'}>
                {e.link ? (
                  <a
                    href={e.link}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="hover:underline"
                  >
                    {e.text}
                  </a>
                ) : (
                  e.text
                )}
              </span>
              <span className="text-xs text-muted-foreground">
                {formatDateTime(e.at)}
                {e.by ? ` · ${e.by}` : ''}
              </span>
            </li>
          ))}
        </ol>
      </section>
      <section className="flex flex-col gap-1" aria-labelledby="launch-stories">
        <h3 id="launch-stories" className="font-semibold">
          Stories
        </h3>
        {stories.length === 0 ? (
          <p className="text-muted-foreground">No stories about this launch yet.</p>
        ) : (
          <ul className="flex flex-col gap-1.5">
            {stories.map((s) => (
              <li key={s.id} className="flex flex-col">
                <a
                  href={s.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-primary hover:underline"
                >
                  {s.title}
                </a>
                <span className="text-xs text-muted-foreground">
                  {[s.sourceName, timeAgo(s.publishedAt)].filter(Boolean).join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Button asChild variant="outline" className="self-start">
        <a href={calendarHref(launch.id)} download>
          <CalendarPlus aria-hidden="true" />
          Add to calendar
        </a>
      </Button>
    </div>
  );
}

export function LaunchDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useLaunchDetail(id);
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl" data-testid="launch-dialog">
        <DialogHeader>
          <DialogTitle>{detail.data?.launch.name ?? 'Launch'}</DialogTitle>
          <DialogDescription>
            {detail.data?.launch.mission
              ? `Mission: ${detail.data.launch.mission}`
              : 'Launch details'}
          </DialogDescription>
        </DialogHeader>
        {detail.isPending ? (
          <div className="flex flex-col gap-2">
            <Skeleton className="h-6 w-1/2" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : detail.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {detail.error.message}
          </p>
        ) : (
          <Details data={detail.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}
