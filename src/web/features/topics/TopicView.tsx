// A topic's page (issue 29): what it is, Follow and Mute, its stories newest
// first, its launches with their date changes (the launches module's) and its
// sky events of the coming months (the sky calendar's, with their dates).
import { Bell, BellRing, CalendarDays, EyeOff, Eye, Orbit } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { APP_ROUTES } from '../../../shared/routes';
import type { SkyEventKind } from '../../../shared/sky-calendar';
import type { TopicDetail, TopicSkyEvent } from '../../../shared/topics';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDateTime, humanize } from '../../lib/format';
import { KIND_LABELS } from '../skycal/format';
import { TopicLaunches } from './TopicLaunches';
import { NewsCard } from '../feed/NewsCard';
import { useTopicChoice, useTopicPage } from './queries';

function Choices({ topic }: { topic: TopicDetail }) {
  const follow = useTopicChoice('follow');
  const mute = useTopicChoice('mute');
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant={topic.following ? 'default' : 'outline'}
        size="sm"
        aria-pressed={topic.following}
        disabled={follow.isPending}
        onClick={() => follow.mutate({ topic, on: !topic.following })}
      >
        {topic.following ? <BellRing /> : <Bell />}
        {topic.following ? 'Following' : 'Follow'}
      </Button>
      <Button
        variant={topic.muted ? 'secondary' : 'outline'}
        size="sm"
        aria-pressed={topic.muted}
        disabled={mute.isPending}
        onClick={() => mute.mutate({ topic, on: !topic.muted })}
      >
        {topic.muted ? <EyeOff /> : <Eye />}
        {topic.muted ? 'Muted' : 'Mute'}
      </Button>
    </div>
  );
}

function Section({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string | null;
  children?: ReactNode;
}) {
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      {empty ? <p className="text-sm text-muted-foreground">{empty}</p> : children}
    </section>
  );
}

function SkyEventRow({ event }: { event: TopicSkyEvent }) {
  return (
    <li className="flex flex-col gap-1 py-3" data-kind={event.kind}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <h3 className="font-semibold">{event.title}</h3>
        <Badge variant="outline">
          {KIND_LABELS[event.kind as SkyEventKind] ?? humanize(event.kind)}
        </Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        <time dateTime={event.at}>{formatDateTime(event.at, { weekday: true })}</time>
      </p>
      <p className="text-sm">{event.description}</p>
    </li>
  );
}

function Loading() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading topic">
      <Skeleton className="h-9 w-64" />
      <Skeleton className="h-5 w-80 max-w-full" />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className="h-48" />
        ))}
      </div>
    </div>
  );
}

export function TopicView({ slug }: { slug: string }) {
  const { data, isPending, error, refetch } = useTopicPage(slug);
  if (isPending) return <Loading />;
  if (error) {
    const missing = /not found/i.test(error.message);
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <h1 className="text-2xl font-bold tracking-tight">
          {missing ? 'Topic not found' : 'This topic could not be loaded'}
        </h1>
        <p className="text-muted-foreground">
          {missing ? `There is no space topic named “${slug}”.` : error.message}
        </p>
        {missing ? (
          <Button asChild variant="outline">
            <Link to="/">Back to the dashboard</Link>
          </Button>
        ) : (
          <Button variant="outline" onClick={() => void refetch()}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  const { topic, items, launches, skyEvents } = data;
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Orbit className="h-6 w-6 text-primary" aria-hidden="true" />
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{topic.name}</h1>
          <Badge variant="secondary" className="capitalize">
            {humanize(topic.kind)}
          </Badge>
        </div>
        {topic.aliases.length > 0 && (
          <p className="text-sm text-muted-foreground">Also called {topic.aliases.join(', ')}</p>
        )}
        <Choices topic={topic} />
        {topic.muted && (
          <p className="text-sm text-muted-foreground">
            Muted: these stories stay out of your feed, but you can still read them here.
          </p>
        )}
      </header>
      <Section
        title="Stories"
        empty={items.length ? null : `No stories about ${topic.name} in your feed yet.`}
      >
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <NewsCard key={item.id} item={item} />
          ))}
        </div>
      </Section>
      <Section
        title="Launches"
        empty={launches.length ? null : `No launches linked to ${topic.name} yet.`}
      >
        <TopicLaunches topic={topic.name} launches={launches} />
      </Section>
      <Section
        title="Sky events"
        empty={skyEvents.length ? null : `No sky events for ${topic.name} in the coming 12 months.`}
      >
        <ul className="divide-y divide-border" aria-label={`Sky events for ${topic.name}`}>
          {skyEvents.map((e) => (
            <SkyEventRow key={e.id} event={e} />
          ))}
        </ul>
        <Link
          to={APP_ROUTES.skyCalendar}
          className="inline-flex items-center gap-1.5 self-start text-sm text-primary underline-offset-2 hover:underline"
        >
          <CalendarDays className="h-4 w-4" aria-hidden="true" />
          The whole sky calendar
        </Link>
      </Section>
    </div>
  );
}
