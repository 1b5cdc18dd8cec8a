// A topic's sky events: the sky calendar's events of the coming months whose
// words name the topic, read with the same matcher that tags stories. An
// event's words are its title and the bodies it is about (a conjunction's
// planets, an opposition's planet, a meteor shower's parent comet), and for
// the kinds whose titles leave them unsaid, the bodies that make them: an
// eclipse of the Sun is the Moon before it, a season is the Sun's place.
// The calendar is the same for everyone but for an eclipse's local view, so
// it is read without a place, once a day per topic (the day's events are kept
// and those already past are dropped as the day goes on).
import type { TopicSkyEvent } from '../../shared/topics';
import type { SkyEventKind } from '../../shared/sky-calendar';
import { LruMap } from '../lru-map';
import { calendarEvents, type CalendarEvent } from '../sky/events';
import { topicsIn } from './vocabulary';

/** How far ahead the page looks, and how many events it shows at most. */
export const SKY_EVENT_MONTHS = 12;
export const SKY_EVENTS_SHOWN = 12;

const IMPLIED_WORDS: Partial<Record<SkyEventKind, string>> = {
  'solar-eclipse': 'Sun Moon',
  'lunar-eclipse': 'Moon',
  season: 'Sun',
};

const DETAIL_WORDS = ['body', 'bodies', 'parent'] as const;

/** The words an event is read from. */
export function eventWords(event: Pick<CalendarEvent, 'kind' | 'title' | 'details'>): string {
  const words = [event.title, IMPLIED_WORDS[event.kind] ?? ''];
  for (const key of DETAIL_WORDS) {
    const value = event.details[key];
    if (typeof value === 'string') words.push(value);
  }
  return words.join('\n');
}

/** The topics an event is about (slugs). */
export const eventTopics = (event: Pick<CalendarEvent, 'kind' | 'title' | 'details'>) =>
  topicsIn(eventWords(event)).map((t) => t.slug);

const DAY = 86_400_000;
const byDay = new LruMap<string, TopicSkyEvent[]>({ maxEntries: 500 });

/** The topic's events from `now` on, soonest first. */
export function skyEventsAbout(slug: string, now: number): TopicSkyEvent[] {
  const day = Math.floor(now / DAY) * DAY;
  const key = `${slug}|${day}`;
  const upcoming = (events: TopicSkyEvent[]) =>
    events.filter((e) => Date.parse(e.endAt ?? e.at) >= now).slice(0, SKY_EVENTS_SHOWN);
  const cached = byDay.get(key);
  if (cached) return upcoming(cached);
  const to = new Date(day).setUTCMonth(new Date(day).getUTCMonth() + SKY_EVENT_MONTHS);
  const events = calendarEvents(day, to, null)
    .filter((e) => eventTopics(e).includes(slug))
    .slice(0, SKY_EVENTS_SHOWN + 4)
    .map((e): TopicSkyEvent => ({
      id: e.id,
      kind: e.kind,
      title: e.title,
      at: e.at,
      ...(e.endAt ? { endAt: e.endAt } : {}),
      description: e.description,
    }));
  byDay.set(key, events);
  return upcoming(events);
}
