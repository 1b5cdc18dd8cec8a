import { describe, expect, it } from 'vitest';
import { clock12, minutesSeconds } from './format';

describe('minutesSeconds', () => {
  it('counts down as m:ss, rounding up to the next second', () => {
    expect(minutesSeconds(10 * 60_000)).toBe('10:00');
    expect(minutesSeconds(9 * 60_000 + 5_500)).toBe('9:06');
    expect(minutesSeconds(999)).toBe('0:01');
    expect(minutesSeconds(-5)).toBe('0:00');
  });
});

describe('clock12', () => {
  it('writes a wall-clock time as the app does: h:mm AM/PM', () => {
    expect(clock12('00:00')).toBe('12:00 AM');
    expect(clock12('00:58')).toBe('12:58 AM');
    expect(clock12('05:39')).toBe('5:39 AM');
    expect(clock12('12:00')).toBe('12:00 PM');
    expect(clock12('20:58')).toBe('8:58 PM');
    expect(clock12('23:59')).toBe('11:59 PM');
    expect(clock12('soon')).toBe('soon');
  });
});
