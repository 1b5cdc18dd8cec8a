// The default (system) sources a fresh database starts with: real astronomy and
// space sources, at least one of each type. Seeded once: a marker in app_meta
// keeps an admin's later deletions from being undone on the next start.
import type { DB } from '../../db/database';
import type { SourceType } from '../../../shared/constants';
import { urlKey } from '../../sources/url-key';

export const DEFAULT_SOURCES: ReadonlyArray<{ name: string; url: string; sourceType: SourceType }> =
  [
    // News sites and agencies (RSS)
    {
      name: 'NASA News Releases',
      url: 'https://www.nasa.gov/news-release/feed/',
      sourceType: 'rss',
    },
    {
      name: 'ESA Space News',
      url: 'https://www.esa.int/rssfeed/Our_Activities/Space_News',
      sourceType: 'rss',
    },
    { name: 'Space.com', url: 'https://www.space.com/feeds/all', sourceType: 'rss' },
    { name: 'Universe Today', url: 'https://www.universetoday.com/feed/', sourceType: 'rss' },
    { name: 'Sky & Telescope', url: 'https://skyandtelescope.org/feed/', sourceType: 'rss' },
    { name: 'SpaceNews', url: 'https://spacenews.com/feed/', sourceType: 'rss' },
    { name: 'Spaceflight Now', url: 'https://spaceflightnow.com/feed/', sourceType: 'rss' },
    // The Spaceflight News API's article list (JSON): its articles name their launches.
    {
      name: 'Spaceflight News API',
      url: 'https://api.spaceflightnewsapi.net/v4/articles/?limit=50',
      sourceType: 'rss',
    },
    // YouTube channels
    { name: 'NASA on YouTube', url: 'https://www.youtube.com/@NASA', sourceType: 'youtube' },
    { name: 'PBS Space Time', url: 'https://www.youtube.com/@pbsspacetime', sourceType: 'youtube' },
    { name: 'Scott Manley', url: 'https://www.youtube.com/@scottmanley', sourceType: 'youtube' },
    // Subreddits
    { name: 'r/space', url: 'https://www.reddit.com/r/space/', sourceType: 'reddit' },
    { name: 'r/astronomy', url: 'https://www.reddit.com/r/astronomy/', sourceType: 'reddit' },
    { name: 'r/spacex', url: 'https://www.reddit.com/r/spacex/', sourceType: 'reddit' },
    // Bluesky profiles
    { name: 'NASA on Bluesky', url: 'https://bsky.app/profile/nasa.gov', sourceType: 'bluesky' },
    // Google News search
    {
      name: 'Google News: Astronomy & Space',
      url: 'https://news.google.com/rss/search?q=astronomy+OR+space+exploration&hl=en-US&gl=US&ceid=US:en',
      sourceType: 'google_news',
    },
    // The launch schedule
    {
      name: 'Upcoming Rocket Launches',
      url: 'https://ll.thespacedevs.com/2.2.0/launch/upcoming/',
      sourceType: 'rocket_launch',
    },
    // A plain web page: NASA's Astronomy Picture of the Day
    {
      name: 'Astronomy Picture of the Day',
      url: 'https://apod.nasa.gov/apod/astropix.html',
      sourceType: 'custom',
    },
  ];

const MARKER = 'default_sources_seeded';

/** Inserts the default sources on a fresh database; answers how many were added. */
export async function seedDefaultSources(db: DB, now = Date.now()): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const marker = await tx
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', MARKER)
      .executeTakeFirst();
    if (marker) return 0;
    const existing = await tx
      .selectFrom('news_sources')
      .select('id')
      .where('user_id', 'is', null)
      .limit(1)
      .executeTakeFirst();
    let added = 0;
    if (!existing) {
      await tx
        .insertInto('news_sources')
        .values(
          DEFAULT_SOURCES.map((s) => ({
            name: s.name,
            url: s.url,
            url_key: urlKey(s.url),
            source_type: s.sourceType,
            user_id: null,
            is_enabled: 1 as const,
            created_at: now,
            updated_at: now,
            next_fetch_at: 0,
          })),
        )
        .execute();
      added = DEFAULT_SOURCES.length;
    }
    await tx
      .insertInto('app_meta')
      .values({ key: MARKER, value: new Date(now).toISOString(), updated_at: now })
      .execute();
    return added;
  });
}
