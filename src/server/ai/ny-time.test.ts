import { describe, expect, it } from 'vitest';
import { newYorkClock, slotAt, startOfNewYorkDay } from './ny-time';

describe('New York time', () => {
  it('chooses the morning slot before 14:00 New York time, else the evening one', () => {
    // 13:59 EST = 18:59 UTC; 14:00 EST = 19:00 UTC (January)
    expect(slotAt(Date.UTC(2026, 0, 15, 18, 59))).toBe('morning');
    expect(slotAt(Date.UTC(2026, 0, 15, 19, 0))).toBe('evening');
    // Summer time: 14:00 EDT = 18:00 UTC
    expect(slotAt(Date.UTC(2026, 6, 15, 17, 59))).toBe('morning');
    expect(slotAt(Date.UTC(2026, 6, 15, 18, 0))).toBe('evening');
  });

  // The news refresh runs at 08:00 and 20:00 (jobs/definitions.ts) and takes its slot from here.
  it.each([
    ['2026-01-15T13:00:00Z', 'morning'], // 08:00 EST
    ['2026-01-15T18:59:59Z', 'morning'], // 13:59 EST
    ['2026-01-15T19:00:00Z', 'evening'], // 14:00 EST
    ['2026-07-15T17:59:00Z', 'morning'], // 13:59 EDT
    ['2026-07-15T18:00:00Z', 'evening'], // 14:00 EDT
    ['2026-01-16T01:00:00Z', 'evening'], // 20:00 EST
    ['2026-01-16T05:00:00Z', 'morning'], // 00:00 EST
  ])('at %s the slot is %s', (when, slot) => {
    expect(slotAt(Date.parse(when))).toBe(slot);
  });

  it('gives the New York date, which differs from UTC late in the evening', () => {
    expect(newYorkClock(Date.UTC(2026, 0, 16, 3, 0))).toEqual({ date: '2026-01-15', hour: 22 });
  });

  it('finds the start of the New York day in winter, summer and on the DST days', () => {
    expect(startOfNewYorkDay(Date.UTC(2026, 0, 15, 20))).toBe(Date.UTC(2026, 0, 15, 5));
    expect(startOfNewYorkDay(Date.UTC(2026, 6, 15, 20))).toBe(Date.UTC(2026, 6, 15, 4));
    // 2026-03-08: clocks go forward at 02:00; the day began at 00:00 EST.
    expect(startOfNewYorkDay(Date.UTC(2026, 2, 8, 20))).toBe(Date.UTC(2026, 2, 8, 5));
    // 2026-11-01: clocks go back at 02:00; the day began at 00:00 EDT.
    expect(startOfNewYorkDay(Date.UTC(2026, 10, 1, 20))).toBe(Date.UTC(2026, 10, 1, 4));
  });
});
