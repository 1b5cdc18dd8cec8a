// Engagement score and breaking flag: the one place these rules live.
//
// engagementScore (a non-negative integer; missing counts are 0):
//   reddit         score + 2 × comments            (a comment costs more effort than a vote)
//   youtube        round(views / 100) + likes      (views are cheap, so they are scaled down)
//   bluesky        likes + 2 × reposts + replies + quotes
//   rocket_launch  by proximity of the launch window: 100 from 6 h before liftoff (or while
//                  in flight) down to 0 one week out, linear in between:
//                  round(100 × (1 − hoursUntil / 168)); launches more than 6 h in the past score 0.
//                  So "Most Engaging" puts the next launches first.
//   others         0 (publisher feeds carry no engagement signals; sorting them by score
//                  must not invent one).
//
// isBreaking:
//   - the fetcher said so (item.isBreaking), or
//   - the title holds the word "breaking" on its own (not "record-breaking"), or
//     the title or summary holds the phrase "breaking news";
//   - rocket_launch: status In Flight, a live webcast, or status Go with the window
//     opening within the next hour.
import type { SourceType } from '../../../shared/constants';
import type { FetchedItem } from '../types';

export interface ItemScore {
  engagementScore: number;
  isBreaking: boolean;
}

const HOUR_MS = 3_600_000;
export const LAUNCH_HORIZON_HOURS = 168;
const LAUNCH_RECENT_HOURS = 6;

const BREAKING_WORD = /(?<![\w-])breaking(?![\w-])/i;
const BREAKING_NEWS = /(?<![\w-])breaking\s+news(?![\w-])/i;

export function scoreItem(
  item: FetchedItem,
  sourceType: SourceType,
  now: Date = new Date(),
): ItemScore {
  return {
    engagementScore: Math.max(0, Math.round(engagementOf(item, sourceType, now))),
    isBreaking:
      item.isBreaking === true ||
      textIsBreaking(item) ||
      (sourceType === 'rocket_launch' && launchIsBreaking(item, now)),
  };
}

/** A positive finite count, else 0. */
const n = (v: number | undefined) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

function engagementOf(item: FetchedItem, sourceType: SourceType, now: Date): number {
  const e = item.engagement ?? {};
  switch (sourceType) {
    case 'reddit':
      return n(e.score) + 2 * n(e.comments);
    case 'youtube':
      return n(e.views) / 100 + n(e.likes);
    case 'bluesky':
      return n(e.likes) + 2 * n(e.reposts) + n(e.replies) + n(e.quotes);
    case 'rocket_launch': {
      const hours = hoursUntilLaunch(item, now);
      if (hours === null || hours < -LAUNCH_RECENT_HOURS || hours > LAUNCH_HORIZON_HOURS) return 0;
      if (launchStatus(item) === 'In Flight' || hours <= LAUNCH_RECENT_HOURS) return 100;
      return 100 * (1 - hours / LAUNCH_HORIZON_HOURS);
    }
    case 'rss':
    case 'google_news':
    case 'custom':
      return 0;
  }
}

function textIsBreaking(item: FetchedItem): boolean {
  const title = item.title ?? '';
  return (
    BREAKING_WORD.test(title) ||
    BREAKING_NEWS.test(title) ||
    BREAKING_NEWS.test(item.summaryHtml ?? '')
  );
}

function launchIsBreaking(item: FetchedItem, now: Date): boolean {
  const status = launchStatus(item);
  if (status === 'In Flight' || item.extra?.webcastLive === true) return true;
  const hours = hoursUntilLaunch(item, now);
  return status === 'Go' && hours !== null && hours >= 0 && hours <= 1;
}

function launchStatus(item: FetchedItem): string | null {
  const s = item.extra?.statusAbbrev;
  return typeof s === 'string' ? s : null;
}

/** Hours from now to the launch window (extra.windowStart, else publishedAt); null when unknown. */
function hoursUntilLaunch(item: FetchedItem, now: Date): number | null {
  const raw = item.extra?.windowStart ?? item.publishedAt;
  if (raw === null || raw === undefined) return null;
  const at =
    raw instanceof Date
      ? raw.getTime()
      : typeof raw === 'number'
        ? raw
        : typeof raw === 'string'
          ? Date.parse(raw)
          : Number.NaN;
  return Number.isFinite(at) ? (at - now.getTime()) / HOUR_MS : null;
}
