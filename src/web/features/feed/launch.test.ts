import { describe, expect, it } from 'vitest';
import type { NewsItem } from '../../../shared/types';
import { launchDetails, pastLaunch } from './launch';
import { arrangeLaunches } from './launch-order';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const HOUR = 3_600_000;
const iso = (offset: number) => new Date(NOW + offset).toISOString();

function launch(
  id: string,
  status: string | null,
  start: number | null,
  end: number | null = null,
): NewsItem {
  return {
    id,
    title: `Launch ${id}`,
    summary: '',
    summaryText: '',
    content: null,
    imageUrl: null,
    url: `https://launches.example.test/${id}`,
    publishedAt: iso(start ?? 0),
    fetchedAt: iso(0),
    itemType: 'article',
    isBreaking: false,
    engagementScore: 0,
    sourceId: '1',
    sourceName: 'Launch Library',
    author: null,
    isRead: false,
    isSaved: false,
    topics: [],
    story: { id, sourceCount: 1 },
    sourceType: 'rocket_launch',
    extra: {
      status,
      windowStart: start === null ? null : iso(start),
      windowEnd: end === null ? null : iso(end),
    },
  };
}

const phaseOf = (item: NewsItem) => pastLaunch(launchDetails(item)!, NOW)?.label ?? null;

describe('pastLaunch', () => {
  it.each([
    ['a window ahead', launch('a', 'Go for Launch', 2 * HOUR, 3 * HOUR), null],
    ['a window open now', launch('b', 'Go for Launch', -HOUR, HOUR), null],
    [
      'a closed window, still "Go"',
      launch('c', 'Go for Launch', -3 * HOUR, -2 * HOUR),
      'No longer scheduled',
    ],
    ['no stated end, started an hour ago', launch('d', 'To Be Confirmed', -HOUR), null],
    [
      'no stated end, started three hours ago',
      launch('e', 'To Be Confirmed', -3 * HOUR),
      'No longer scheduled',
    ],
    ['a success', launch('f', 'Launch Successful', -HOUR, 0), 'Launched'],
    ['a failure', launch('g', 'Launch Failure', -HOUR, 0), 'Failed'],
    ['a partial failure', launch('h', 'Partial Failure', -HOUR, 0), 'Failed'],
    ['in flight past its window', launch('i', 'Launch in Flight', -3 * HOUR, -2 * HOUR), null],
  ])('%s', (_, item, label) => {
    expect(phaseOf(item)).toBe(label);
  });
});

describe('arrangeLaunches', () => {
  it('puts upcoming launches first in the given order, then past ones latest first', () => {
    const items = [
      launch('old', 'Launch Successful', -72 * HOUR, -71 * HOUR),
      launch('stale', 'Go for Launch', -24 * HOUR, -23 * HOUR),
      launch('soon', 'Go for Launch', HOUR, 2 * HOUR),
      launch('later', 'To Be Confirmed', 48 * HOUR),
    ];
    const arranged = arrangeLaunches(items, NOW);
    expect(arranged.items.map((i) => i.id)).toEqual(['soon', 'later', 'stale', 'old']);
    expect(arranged.complete).toBe(true);
  });

  it('asks for more while every loaded launch is past (the upcoming ones are on later pages)', () => {
    const items = [
      launch('a', 'Launch Failure', -72 * HOUR),
      launch('b', 'Go for Launch', -24 * HOUR),
    ];
    expect(arrangeLaunches(items, NOW).complete).toBe(false);
    expect(arrangeLaunches([], NOW).complete).toBe(true);
  });
});
