import { describe, expect, it } from 'vitest';
import { cadence, nextPollAfter } from './plan';

const MIN = 60_000;
const HOUR = 60 * MIN;
const NOW = Date.parse('2026-03-02T00:00:00Z');

describe('the poll cadence', () => {
  it.each([
    [null, 4 * HOUR],
    [72 * HOUR, 4 * HOUR],
    [24 * HOUR + 1, 4 * HOUR],
    [24 * HOUR, 2 * HOUR],
    [12 * HOUR + 1, 2 * HOUR],
    [12 * HOUR, HOUR],
    [HOUR + 1, HOUR],
    [HOUR, 20 * MIN],
    [MIN, 20 * MIN],
  ])('a launch %s ms away: every %s ms', (away, every) => {
    expect(cadence(away)).toBe(every);
  });
});

describe('nextPollAfter', () => {
  const at = (launchIn: number[]) =>
    (nextPollAfter(
      NOW,
      launchIn.map((d) => ({ net: NOW + d })),
    ) -
      NOW) /
    MIN;

  it.each([
    ['no launch known', [], 240],
    ['a launch 3 days out', [72 * HOUR], 240],
    ['one 25 h out: stop at T−24 h, where the 2-hour cadence starts', [25 * HOUR], 60],
    ['one 13 h out: stop at T−12 h', [13 * HOUR], 60],
    ['one 5 h out: hourly', [5 * HOUR], 60],
    ['one 90 minutes out: stop at T−1 h', [90 * MIN], 30],
    ['one 40 minutes out: every 20 minutes', [40 * MIN], 20],
    ['one 10 minutes out: T+60 s', [10 * MIN], 11],
    ['one at T−0 now: T+60 s', [0], 1],
    ['one that lifted off 30 s ago: at T+60 s', [-30_000], 0.5],
    ['the nearest one decides', [72 * HOUR, 5 * HOUR, 30 * HOUR], 60],
  ])('%s', (_what, launches, minutes) => {
    expect(at(launches)).toBe(minutes);
  });

  it('never polls twice within 30 seconds', () => {
    expect(nextPollAfter(NOW, [{ net: NOW - 50_000 }])).toBe(NOW + 30_000);
  });
});
