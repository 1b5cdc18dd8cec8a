import { describe, expect, it } from 'vitest';
import type { LaunchSummary } from '../../../shared/launches';
import { countdown, isLive, movesText, timeline } from './format';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const launch = (over: Partial<LaunchSummary>): LaunchSummary => ({
  id: 'x',
  name: 'Falcon 9 | Crew-12',
  net: new Date(NOW + 3 * 3_600_000).toISOString(),
  netPrecision: 'Minute',
  status: 'Go for Launch',
  changes: 0,
  stories: [],
  statusAbbrev: 'Go',
  outcome: null,
  mission: null,
  vehicle: null,
  provider: null,
  pad: null,
  location: null,
  windowStart: null,
  windowEnd: null,
  webcastLive: false,
  webcasts: [],
  imageUrl: null,
  moves: { count: 0, shiftSeconds: 0, refined: 0 },
  lastUpdated: null,
  ...over,
});

describe('the launch page’s words', () => {
  it('counts down to the second, and up after liftoff, from instants', () => {
    expect(countdown(NOW + (2 * 86_400 + 4 * 3600 + 5 * 60 + 9) * 1000, NOW)).toBe(
      'T−2 d 04:05:09',
    );
    expect(countdown(NOW + 59_000, NOW)).toBe('T−00:00:59');
    expect(countdown(NOW - 753_000, NOW)).toBe('T+00:12:33');
  });

  it('is LIVE when a webcast is, or within two hours of T−0 before an outcome', () => {
    expect(isLive(launch({}), NOW)).toBe(false);
    expect(isLive(launch({ net: new Date(NOW + 7_000_000).toISOString() }), NOW)).toBe(true);
    expect(isLive(launch({ net: new Date(NOW - 3_600_000).toISOString() }), NOW)).toBe(true);
    expect(
      isLive(launch({ net: new Date(NOW - 3_600_000).toISOString(), outcome: 'success' }), NOW),
    ).toBe(false);
    expect(isLive(launch({ webcastLive: true, outcome: 'success' }), NOW)).toBe(true);
    expect(isLive(launch({ webcasts: [{ url: 'https://y', title: null, live: true }] }), NOW)).toBe(
      true,
    );
    expect(isLive(launch({ netPrecision: 'Day', net: new Date(NOW).toISOString() }), NOW)).toBe(
      false,
    );
  });

  it('says how the date moved', () => {
    expect(movesText({ count: 0, shiftSeconds: 0, refined: 2 })).toBeNull();
    expect(movesText({ count: 1, shiftSeconds: 4 * 3600, refined: 0 })).toBe(
      'moved 1 time, +4 h in all',
    );
    expect(movesText({ count: 3, shiftSeconds: (3 * 24 + 4) * 3600, refined: 0 })).toBe(
      'moved 3 times, +3 d 4 h in all',
    );
    expect(movesText({ count: 2, shiftSeconds: -7200, refined: 0 })).toBe(
      'moved 2 times, −2 h in all',
    );
  });

  it('tells a refined date from a slip in the timeline, newest first, with LL2’s comments', () => {
    const h = (observedAt: string, net: string, netPrecision: string, status = 'TBD') => ({
      observedAt,
      net,
      netPrecision,
      status,
      windowStart: net,
      windowEnd: net,
    });
    const entries = timeline(
      [
        h('2026-03-01T00:00:00Z', '2026-03-31T00:00:00Z', 'Month'),
        h('2026-03-02T00:00:00Z', '2026-03-12T10:00:00Z', 'Minute', 'Go'),
        h('2026-03-03T00:00:00Z', '2026-03-13T14:00:00Z', 'Minute', 'Go'),
      ],
      [
        {
          id: 1,
          comment: 'Delayed a day.',
          infoUrl: null,
          createdBy: 'LL2',
          createdOn: '2026-03-02T23:00:00Z',
        },
      ],
      (x) => x.net!,
    );
    expect(entries.map((e) => [e.kind, e.text])).toEqual([
      ['moved', 'Moved +1 d 4 h: NET 2026-03-13T14:00:00Z'],
      ['update', 'Delayed a day.'],
      ['refined', 'Date refined: NET 2026-03-12T10:00:00Z'],
      ['status', 'Status: Go'],
      ['seen', 'First seen: NET 2026-03-31T00:00:00Z'],
    ]);
  });
});
