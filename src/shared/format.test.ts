import { describe, expect, it } from 'vitest';
import { minutesSeconds } from './format';

describe('minutesSeconds', () => {
  it('counts down as m:ss, rounding up to the next second', () => {
    expect(minutesSeconds(10 * 60_000)).toBe('10:00');
    expect(minutesSeconds(9 * 60_000 + 5_500)).toBe('9:06');
    expect(minutesSeconds(999)).toBe('0:01');
    expect(minutesSeconds(-5)).toBe('0:00');
  });
});
