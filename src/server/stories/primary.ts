// Which member of a story the feed shows: the preferred source first, then the
// longest text. Preference goes by the kind of source: a publisher's own feed
// over a video channel or the launch schedule, those over the aggregators and
// forums that point at publishers (Google News, Reddit), social posts last.
// Kept as one number per item (news_items.story_rank), so "is there a better
// member?" is an index range (list-filter.ts).
import type { SourceType } from '../../shared/constants';

export const SOURCE_PREFERENCE: Readonly<Record<SourceType, number>> = {
  rss: 3,
  custom: 3,
  youtube: 2,
  rocket_launch: 2,
  google_news: 1,
  reddit: 1,
  bluesky: 0,
};

const LENGTH_SPAN = 10_000_000;

/** The item's rank among its story's members: higher is better. */
export function rankOf(sourceType: SourceType, textLength: number): number {
  const preference = SOURCE_PREFERENCE[sourceType] ?? 0;
  return preference * LENGTH_SPAN + Math.max(0, Math.min(textLength, LENGTH_SPAN - 1));
}

/** `a` is a better primary than `b`: a higher rank, or the same rank and the older id. */
export const isBetter = (a: { rank: number; id: number }, b: { rank: number; id: number }) =>
  a.rank > b.rank || (a.rank === b.rank && a.id < b.id);
