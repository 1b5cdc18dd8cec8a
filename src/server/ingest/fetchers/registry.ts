// One fetcher per source type, picked from this map.
import type { SourceType } from '../../../shared/constants';
import { blueskyFetcher } from './bluesky';
import { customFetcher } from './custom';
import { googleNewsFetcher } from './google-news';
import { launchesFetcher } from './launches';
import { redditFetcher } from './reddit';
import { rssFetcher } from './rss';
import { youtubeFetcher } from './youtube';
import type { Fetcher } from '../types';

const fetchers: Record<SourceType, Fetcher> = {
  rss: rssFetcher,
  youtube: youtubeFetcher,
  reddit: redditFetcher,
  bluesky: blueskyFetcher,
  google_news: googleNewsFetcher,
  rocket_launch: launchesFetcher,
  custom: customFetcher,
};

export function fetcherFor(type: SourceType): Fetcher {
  return fetchers[type];
}
