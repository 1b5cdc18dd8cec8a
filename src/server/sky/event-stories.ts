// "The stories in the feed that mention it": for each event near enough to now
// to have been written about, the news search over the user's own feed for the
// event's name, keeping stories published within 3 days of it. Stories are
// purged after a month, so only events from then up to 3 days ahead are looked
// up, and at most a dozen of them per call, the nearest first.
import type { EventStory } from '../../shared/sky-calendar';
import type { AppContext } from '../context';
import { listNews } from '../news/list';
import { SearchCache } from '../news/search-cache';
import type { CalendarEvent } from './events';

const DAY = 86_400_000;
const WINDOW = 3 * DAY;
const LOOKBACK = 31 * DAY;
const MAX_LOOKUPS = 12;
const STORIES_PER_EVENT = 3;

/** The words a story about the event would use. */
export function searchTermOf(event: CalendarEvent): string {
  switch (event.kind) {
    case 'meteor-shower':
      // "Perseids peak" → "Perseid" (the last word matches as a prefix: Perseid, Perseids)
      return event.title.replace(/ peak$/, '').replace(/s$/, '');
    case 'lunar-eclipse':
      return 'lunar eclipse';
    case 'solar-eclipse':
      return 'solar eclipse';
    case 'conjunction':
      return String(event.details.bodies ?? event.title).replace(',', '');
    case 'opposition':
      return `${String(event.details.body ?? '')} opposition`;
    case 'season':
      return event.title.split(' ')[1] ?? event.title;
    case 'moon-phase':
      return event.title;
  }
}

export function eventStories(ctx: Pick<AppContext, 'db' | 'dialect' | 'config'>) {
  const cache = new SearchCache();
  return async function storiesFor(
    userId: number,
    events: CalendarEvent[],
    now: number,
  ): Promise<Map<string, EventStory[]>> {
    const found = new Map<string, EventStory[]>();
    const candidates = events
      .filter((e) => {
        const t = Date.parse(e.at);
        return t >= now - LOOKBACK && t <= now + WINDOW;
      })
      .toSorted((a, b) => Math.abs(Date.parse(a.at) - now) - Math.abs(Date.parse(b.at) - now))
      .slice(0, MAX_LOOKUPS);
    for (const event of candidates) {
      const t = Date.parse(event.at);
      const page = await listNews(
        {
          db: ctx.db,
          dialect: ctx.dialect,
          searchCache: cache,
          searchCountLimit: ctx.config.searchCountLimit,
        },
        userId,
        {
          page: 1,
          pageSize: 50,
          group: true,
          searchTerm: searchTermOf(event),
          sortBy: 'publishedAt',
          sortOrder: 'desc',
          includeBlueSky: false,
          status: 'all',
        },
      );
      const stories = page.items
        .filter((i) => Math.abs(Date.parse(i.publishedAt) - t) <= WINDOW)
        .slice(0, STORIES_PER_EVENT)
        .map((i) => ({ id: i.id, title: i.title, url: i.url, publishedAt: i.publishedAt }));
      if (stories.length) found.set(event.id, stories);
    }
    return found;
  };
}
