// The launch page's order (kept apart from launch.ts so that only the lazily
// loaded feed pages carry it, not the dashboard's bundle).
import type { NewsItem } from '../../../shared/types';
import { launchDetails, pastLaunch } from './launch';

/**
 * The launch page's order: launches still ahead first (in the server's ascending
 * order), then past ones, most recent first. `complete` is false while the last
 * loaded launch is past: the next page (later windows) may hold upcoming ones.
 */
export function arrangeLaunches(
  items: NewsItem[],
  now = Date.now(),
): { items: NewsItem[]; complete: boolean } {
  const upcoming: NewsItem[] = [];
  const past: NewsItem[] = [];
  for (const item of items) {
    const launch = launchDetails(item);
    (launch && pastLaunch(launch, now) ? past : upcoming).push(item);
  }
  const last = items.at(-1);
  const lastLaunch = last ? launchDetails(last) : null;
  return {
    items: [...upcoming, ...past.toReversed()],
    complete: !lastLaunch || pastLaunch(lastLaunch, now) === null,
  };
}
