// The coming year's sky events, month by month, with a filter by kind. Each
// shows its time at the user's place, what to expect, that night's verdict
// when the forecast reaches it, and the stories in the feed about it.
import { CalendarDays, Newspaper } from 'lucide-react';
import { useId, useState } from 'react';
import type { SkyEvent } from '../../../shared/sky-calendar';
import { FormAlert } from '../../components/FormAlert';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Label, NativeSelect } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDateTime } from '../../lib/format';
import { FILTERS, KIND_LABELS, type EventFilter } from './format';
import { useSkyEvents } from './queries';

const VERDICTS: Record<NonNullable<SkyEvent['verdict']>['verdict'], [string, BadgeVariant]> = {
  go: ['Go', 'success'],
  marginal: ['Marginal', 'warning'],
  'no-go': ['No-go', 'destructive'],
};

function monthOf(iso: string, timeZone?: string) {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone }).format(
    new Date(iso),
  );
}

function EventRow({ event, timeZone }: { event: SkyEvent; timeZone?: string }) {
  const verdict = event.verdict && VERDICTS[event.verdict.verdict];
  return (
    <li className="flex flex-col gap-1 py-3" data-kind={event.kind}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <h4 className="font-semibold">{event.title}</h4>
        <Badge variant="outline">{KIND_LABELS[event.kind]}</Badge>
        {verdict && (
          <Badge variant={verdict[1]} title={event.verdict?.reasons.join('; ')}>
            That night: {verdict[0]}
          </Badge>
        )}
      </div>
      <p className="text-sm text-muted-foreground">
        <time dateTime={event.at}>{formatDateTime(event.at, { timeZone, weekday: true })}</time>
      </p>
      <p className="text-sm">{event.description}</p>
      {event.stories.length > 0 && (
        <ul className="mt-1 flex flex-col gap-1" aria-label={`Stories about ${event.title}`}>
          {event.stories.map((s) => (
            <li key={s.id} className="flex items-start gap-1.5 text-sm">
              <Newspaper className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
              <a
                href={s.url}
                target="_blank"
                rel="noopener noreferrer"
                className="text-primary underline-offset-2 hover:underline"
              >
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function EventsList({ timeZone }: { timeZone?: string }) {
  const events = useSkyEvents();
  const [filter, setFilter] = useState<EventFilter>('All');
  const filterId = useId();
  const shown = (events.data?.events ?? []).filter(
    (e) => filter === 'All' || KIND_LABELS[e.kind] === filter,
  );
  const months = new Map<string, SkyEvent[]>();
  for (const e of shown) {
    const m = monthOf(e.at, timeZone);
    months.set(m, [...(months.get(m) ?? []), e]);
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarDays className="h-5 w-5" aria-hidden="true" />
          The coming year
        </CardTitle>
        <CardDescription>
          Moon phases, eclipses, planets meeting and at opposition, equinoxes and solstices, and the
          major meteor showers (peaks from the International Meteor Organization).
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="w-44 space-y-1.5">
          <Label htmlFor={filterId}>Show</Label>
          <NativeSelect
            id={filterId}
            value={filter}
            onChange={(e) => setFilter(e.target.value as EventFilter)}
          >
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {f === 'All' ? 'Every event' : f === 'Moon' ? 'Moon phases' : f}
              </option>
            ))}
          </NativeSelect>
        </div>
        {events.isPending ? (
          <div className="flex flex-col gap-3" data-testid="events-loading">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : events.isError ? (
          <FormAlert message={events.error.message} />
        ) : shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">No such events in the coming year.</p>
        ) : (
          [...months].map(([month, list]) => (
            <section key={month} aria-label={month}>
              <h3 className="border-b border-border pb-1 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
                {month}
              </h3>
              <ol className="flex flex-col divide-y divide-border">
                {list.map((e) => (
                  <EventRow key={e.id} event={e} timeZone={timeZone} />
                ))}
              </ol>
            </section>
          ))
        )}
      </CardContent>
    </Card>
  );
}
