// One fetcher per source type, picked from this map; anything unknown is read as a feed.
import type { SourceType } from '../../shared/constants';
import { blueskyFetcher } from './fetchers/bluesky';
import { redditFetcher } from './fetchers/reddit';
import { rssFetcher } from './fetchers/rss';
import { youtubeFetcher } from './fetchers/youtube';
import type { Fetcher } from './types';

// google_news, rocket_launch and custom join this map as their fetchers land;
// until then they fall back to the feed reader.
const fetchers: Partial<Record<SourceType, Fetcher>> = {
  rss: rssFetcher,
  youtube: youtubeFetcher,
  reddit: redditFetcher,
  bluesky: blueskyFetcher,
};

export function fetcherFor(type: SourceType | string): Fetcher {
  return fetchers[type as SourceType] ?? rssFetcher;
}
