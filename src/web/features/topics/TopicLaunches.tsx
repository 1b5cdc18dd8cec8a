// A topic's launches on its page: each with its status, its NET, how often the
// date moved and the timeline of those changes (the launches feature's own
// words), linking to the launch on the Rocket Launches page.
import { Rocket } from 'lucide-react';
import { Link } from 'react-router';
import type { LaunchHistoryEntry } from '../../../shared/launches';
import { APP_ROUTES } from '../../../shared/routes';
import type { TopicLaunch } from '../../../shared/topics';
import { Badge } from '../../components/ui/badge';
import { formatDate, formatDateTime } from '../../lib/format';
import { isPrecise } from '../feed/launch-clock';
import { OUTCOME_LABEL, movesText, timeline } from '../launches/format';

const netText = (h: Pick<LaunchHistoryEntry, 'net' | 'netPrecision'>) =>
  !h.net
    ? 'not known yet'
    : isPrecise(h.netPrecision)
      ? formatDateTime(h.net, { zoneName: true })
      : `${h.netPrecision} (${formatDate(h.net)})`;

function LaunchRow({ launch }: { launch: TopicLaunch }) {
  const moved = movesText(launch.moves);
  const changes = timeline(launch.history, [], netText).filter((e) => e.kind !== 'seen');
  return (
    <li className="flex min-w-0 flex-col gap-1 py-3" data-testid="topic-launch">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Rocket className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <Link
          to={`${APP_ROUTES.rocketLaunches}?launch=${encodeURIComponent(launch.id)}`}
          className="min-w-0 font-semibold break-words text-primary underline-offset-2 hover:underline"
        >
          {launch.name}
        </Link>
        {launch.outcome ? (
          <Badge variant={launch.outcome === 'success' ? 'success' : 'destructive'}>
            {OUTCOME_LABEL[launch.outcome]}
          </Badge>
        ) : (
          launch.status && <Badge variant="secondary">{launch.status}</Badge>
        )}
      </div>
      <p className="text-sm text-muted-foreground">
        NET {netText(launch)}
        {moved && <span> · {moved}</span>}
      </p>
      {changes.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground">
            {changes.length} {changes.length === 1 ? 'change' : 'changes'} recorded
          </summary>
          <ol className="mt-1 flex flex-col gap-1 border-l border-border pl-3">
            {changes.map((c, i) => (
              <li key={i}>
                <time dateTime={c.at} className="text-muted-foreground">
                  {formatDateTime(c.at)}
                </time>{' '}
                {c.text}
              </li>
            ))}
          </ol>
        </details>
      )}
    </li>
  );
}

export function TopicLaunches({ topic, launches }: { topic: string; launches: TopicLaunch[] }) {
  return (
    <ul className="divide-y divide-border" aria-label={`Launches for ${topic}`}>
      {launches.map((l) => (
        <LaunchRow key={l.id} launch={l} />
      ))}
    </ul>
  );
}
