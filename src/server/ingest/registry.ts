// One fetcher per source type, picked from this map; anything unknown is read as a feed.
import type { SourceType } from '../../shared/constants';
import { rssFetcher } from './fetchers/rss';
import { youtubeFetcher } from './fetchers/youtube';
import type { Fetcher } from './types';

const fetchers: Partial<Record<SourceType, Fetcher>> = {
  rss: rssFetcher,
  youtube: youtubeFetcher,
};

export function fetcherFor(type: SourceType | string): Fetcher {
  return fetchers[type as SourceType] ?? rssFetcher;
}
