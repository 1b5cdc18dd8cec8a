import { describe, expect, it } from 'vitest';
import type { SourceType } from '../../../shared/constants';
import { scoreItem } from './scoring';
import type { FetchedItem } from '../types';

const now = new Date('2026-07-20T12:00:00Z');
const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();
const launch = (
  h: number,
  statusAbbrev = 'Go',
  extra: Record<string, unknown> = {},
): FetchedItem => ({
  title: 'Falcon 9 Block 5 | Starlink Group 17-39',
  publishedAt: inHours(h),
  extra: { statusAbbrev, windowStart: inHours(h), ...extra },
});

describe('engagementScore', () => {
  it.each<[string, SourceType, FetchedItem, number]>([
    [
      'reddit: score + 2 × comments',
      'reddit',
      { engagement: { score: 714, comments: 428 } },
      714 + 2 * 428,
    ],
    ['reddit without counts (Atom feed)', 'reddit', {}, 0],
    [
      'youtube: views / 100 + likes',
      'youtube',
      { engagement: { views: 304321, likes: 15020 } },
      3043 + 15020,
    ],
    ['youtube without likes', 'youtube', { engagement: { views: 149 } }, 1],
    [
      'bluesky: likes + 2 × reposts + replies + quotes',
      'bluesky',
      { engagement: { likes: 8172, reposts: 951, replies: 105, quotes: 17 } },
      8172 + 1902 + 105 + 17,
    ],
    [
      'negative or non-finite counts count as 0',
      'bluesky',
      { engagement: { likes: -5, reposts: Number.NaN, replies: 2 } },
      2,
    ],
    ['rss has no engagement', 'rss', { engagement: { score: 999 } }, 0],
    ['google_news has no engagement', 'google_news', { title: 'x' }, 0],
    ['custom has no engagement', 'custom', { title: 'x' }, 0],
    ['launch in 2 h', 'rocket_launch', launch(2), 100],
    ['launch 3 h ago (may still be flying)', 'rocket_launch', launch(-3), 100],
    ['launch in 24 h', 'rocket_launch', launch(24), 86],
    ['launch in 84 h', 'rocket_launch', launch(84), 50],
    ['launch in 10 days', 'rocket_launch', launch(240), 0],
    ['launch 2 days ago', 'rocket_launch', launch(-48), 0],
    ['launch without a date', 'rocket_launch', { title: 'TBD', extra: { statusAbbrev: 'TBD' } }, 0],
  ])('%s', (_name, type, item, expected) => {
    expect(scoreItem(item, type, now).engagementScore).toBe(expected);
  });

  it('launches sort by proximity: sooner scores higher', () => {
    const scores = [1, 12, 30, 100].map(
      (h) => scoreItem(launch(h), 'rocket_launch', now).engagementScore,
    );
    expect(scores).toEqual([100, 93, 82, 40]);
  });
});

describe('isBreaking', () => {
  it.each<[string, SourceType, FetchedItem, boolean]>([
    ['"Breaking:" in the title', 'rss', { title: 'Breaking: Starship reaches orbit' }, true],
    [
      'lower-case word in the title',
      'google_news',
      { title: 'NASA confirms breaking update on Artemis II' },
      true,
    ],
    [
      '"record-breaking" is not breaking',
      'rss',
      { title: 'Record-breaking solar flare observed' },
      false,
    ],
    ['"groundbreaking" is not breaking', 'rss', { title: 'Groundbreaking telescope image' }, false],
    [
      '"breaking news" in the summary',
      'rss',
      { title: 'Update', summaryHtml: '<p>BREAKING NEWS: launch scrubbed</p>' },
      true,
    ],
    [
      '"breaking" alone in the summary is not enough',
      'rss',
      { title: 'Update', summaryHtml: 'breaking the sound barrier' },
      false,
    ],
    ['the fetcher flagged it', 'custom', { title: 'Anything', isBreaking: true }, true],
    ['nothing breaking', 'youtube', { title: 'How black holes evaporate' }, false],
    ['launch in flight', 'rocket_launch', launch(-0.2, 'In Flight'), true],
    ['launch Go within the hour', 'rocket_launch', launch(0.5), true],
    ['launch Go in 3 h', 'rocket_launch', launch(3), false],
    ['launch TBC within the hour', 'rocket_launch', launch(0.5, 'TBC'), false],
    ['live webcast', 'rocket_launch', launch(5, 'Go', { webcastLive: true }), true],
    ['a launch-like item from rss is judged by its text only', 'rss', launch(0.5), false],
  ])('%s → %s', (_name, type, item, expected) => {
    expect(scoreItem(item, type, now).isBreaking).toBe(expected);
  });
});
