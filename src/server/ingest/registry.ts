// One fetcher per source type, picked from this map.
import type { SourceType } from '../../shared/constants';
import { blueskyFetcher } from './fetchers/bluesky';
import { customFetcher } from './fetchers/custom';
import { googleNewsFetcher } from './fetchers/google-news';
import { launchesFetcher } from './fetchers/launches';
import { redditFetcher } from './fetchers/reddit';
import { rssFetcher } from './fetchers/rss';
import { youtubeFetcher } from './fetchers/youtube';
import type { Fetcher } from './types';

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
