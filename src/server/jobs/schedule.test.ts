import { describe, expect, it } from 'vitest';
import { NEW_YORK, hours, nextCronRun, nextRunAt, every } from './schedule';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('next 06:00 New York (the purge)', () => {
  const next = (from: string) => iso(nextCronRun('0 6 * * *', NEW_YORK, at(from)));

  it.each([
    // Winter (EST, UTC−5) and summer (EDT, UTC−4).
    ['2026-01-15T10:00:00Z', '2026-01-15T11:00:00.000Z'],
    ['2026-07-15T09:00:00Z', '2026-07-15T10:00:00.000Z'],
    // Past today's 06:00: tomorrow's.
    ['2026-01-15T11:00:00Z', '2026-01-16T11:00:00.000Z'],
    // Spring forward (8 March 2026, 02:00 → 03:00): the night before is EST, the morning EDT.
    ['2026-03-07T12:00:00Z', '2026-03-08T10:00:00.000Z'],
    // Fall back (1 November 2026, 02:00 → 01:00): the night before is EDT, the morning EST.
    ['2026-10-31T12:00:00Z', '2026-11-01T11:00:00.000Z'],
  ])('from %s → %s', (from, expected) => {
    expect(next(from)).toBe(expected);
  });
});

describe('the news refresh at 08:00 and 20:00 New York', () => {
  const next = (from: string) => iso(nextCronRun('0 8,20 * * *', NEW_YORK, at(from)));
  it('runs at 08:00, then 20:00, then 08:00 the next day', () => {
    expect(next('2026-01-15T12:00:00Z')).toBe('2026-01-15T13:00:00.000Z'); // 08:00 EST
    expect(next('2026-01-15T13:00:00Z')).toBe('2026-01-16T01:00:00.000Z'); // 20:00 EST
    expect(next('2026-01-16T01:00:00Z')).toBe('2026-01-16T13:00:00.000Z');
  });
});

describe('interval schedules (the launch schedule every 4.8 hours)', () => {
  const launches = every(hours(4.8), 'Every 4.8 hours');
  it('runs at once when it never ran (a fresh database)', () => {
    expect(nextRunAt(launches, 1_000, null)).toBe(1_000);
  });
  it('runs 4.8 hours after the last start, whenever the server restarted', () => {
    const last = at('2026-01-15T10:00:00Z');
    expect(iso(nextRunAt(launches, last + hours(1), last))).toBe('2026-01-15T14:48:00.000Z');
  });
});
