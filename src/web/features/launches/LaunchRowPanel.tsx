// Under each launch on the launch page: the ticking countdown (T+ after
// liftoff), LIVE, the outcome once known, how the date moved, the stories
// about it, Add to calendar and the details (the timeline, in a dialog).
import { CalendarPlus, History, Newspaper, Timer } from 'lucide-react';
import type { LaunchSummary } from '../../../shared/launches';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatDate } from '../../lib/format';
import { isPrecise } from '../feed/launch-clock';
import { countdown, isLive, movesText, OUTCOME_LABEL } from './format';
import { calendarHref } from './queries';
import { useNow } from './ticker';

const OUTCOME_VARIANT = { success: 'success', failure: 'destructive', partial: 'warning' } as const;

export function Countdown({ launch }: { launch: LaunchSummary }) {
  const now = useNow();
  if (!launch.net) return null;
  const net = Date.parse(launch.net);
  if (!isPrecise(launch.netPrecision))
    return (
      <span className="text-muted-foreground" data-testid="launch-net-vague">
        NET{' '}
        {launch.netPrecision?.toLowerCase() === 'day'
          ? formatDate(net)
          : `${launch.netPrecision} · ${formatDate(net)}`}
      </span>
    );
  if (launch.outcome !== null) return null;
  return (
    <span
      className="inline-flex items-center gap-1 font-mono font-semibold tabular-nums text-foreground"
      data-testid="launch-countdown"
      role="timer"
      aria-live="off"
    >
      <Timer className="h-3.5 w-3.5" aria-hidden="true" />
      {countdown(net, now)}
    </span>
  );
}

export function LiveBadge({ launch }: { launch: LaunchSummary }) {
  const now = useNow();
  if (!isLive(launch, now)) return null;
  return (
    <Badge variant="destructive" className="gap-1" data-testid="launch-live">
      <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-current" aria-hidden="true" />
      LIVE
    </Badge>
  );
}

export function LaunchRowPanel({
  launch,
  onDetails,
}: {
  launch: LaunchSummary;
  onDetails: (id: string) => void;
}) {
  const moved = movesText(launch.moves);
  return (
    <div
      className="flex min-w-0 basis-full flex-col gap-1 pb-1.5 text-xs"
      data-testid="launch-panel"
      data-launch-id={launch.id}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Countdown launch={launch} />
        <LiveBadge launch={launch} />
        {/* The row says Launched or Failed already; a partial failure is neither. */}
        {launch.outcome === 'partial' && (
          <Badge variant={OUTCOME_VARIANT[launch.outcome]} data-testid="launch-outcome">
            {OUTCOME_LABEL[launch.outcome]}
          </Badge>
        )}
        {(moved || launch.moves.refined > 0) && (
          <span
            className="inline-flex items-center gap-1 text-muted-foreground"
            data-testid="launch-moves"
          >
            <History className="h-3.5 w-3.5" aria-hidden="true" />
            {[moved, launch.moves.refined > 0 ? 'date refined' : null].filter(Boolean).join(' · ')}
          </span>
        )}
        <span className="ml-auto flex items-center gap-1">
          <Button asChild size="sm" variant="ghost" className="h-7 px-2 text-xs">
            <a
              href={calendarHref(launch.id)}
              download
              aria-label={`Add ${launch.name} to calendar`}
            >
              <CalendarPlus aria-hidden="true" />
              <span className="max-sm:sr-only">Add to calendar</span>
            </a>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="h-7 px-2 text-xs"
            onClick={() => onDetails(launch.id)}
            aria-label={`Details and timeline: ${launch.name}`}
          >
            Details
          </Button>
        </span>
      </div>
      {launch.stories.length > 0 && (
        <ul className="flex min-w-0 flex-col gap-0.5 pl-0.5" aria-label="Stories about this launch">
          {launch.stories.map((s) => (
            <li key={s.id} className="flex min-w-0 items-center gap-1.5">
              <Newspaper className="h-3 w-3 shrink-0 text-muted-foreground" aria-hidden="true" />
              <a
                href={s.url}
                target="_blank"
                rel="noopener noreferrer"
                className="truncate text-primary underline-offset-4 hover:underline"
              >
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
