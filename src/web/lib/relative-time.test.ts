import { formatDistance } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  const now = new Date(2026, 2, 15, 12, 0, 0);
  const deltas = [
    0,
    10_000,
    29_000,
    31_000,
    59_000,
    89_000,
    90_000,
    2 * MINUTE,
    44 * MINUTE,
    44.6 * MINUTE,
    45 * MINUTE,
    89 * MINUTE,
    90 * MINUTE,
    5 * HOUR,
    23.4 * HOUR,
    23.6 * HOUR,
    24 * HOUR,
    41 * HOUR,
    42 * HOUR,
    3 * DAY,
    29 * DAY,
    30 * DAY,
    44 * DAY,
    45 * DAY,
    59 * DAY,
    61 * DAY,
    100 * DAY,
    200 * DAY,
    364 * DAY,
    366 * DAY,
    500 * DAY,
    700 * DAY,
    1000 * DAY,
    3000 * DAY,
  ];

  it.each(deltas)('says what date-fns says %d ms before now', (delta) => {
    const past = new Date(now.getTime() - delta);
    expect(relativeTime(past, now)).toBe(formatDistance(past, now, { addSuffix: true }));
  });

  it.each(deltas.filter((d) => d > 0))('says what date-fns says %d ms after now', (delta) => {
    const future = new Date(now.getTime() + delta);
    expect(relativeTime(future, now)).toBe(formatDistance(future, now, { addSuffix: true }));
  });

  it('reads naturally', () => {
    expect(relativeTime(new Date(now.getTime() - 5 * MINUTE), now)).toBe('5 minutes ago');
    expect(relativeTime(new Date(now.getTime() + 2 * DAY + MINUTE), now)).toBe('in 2 days');
  });
});
