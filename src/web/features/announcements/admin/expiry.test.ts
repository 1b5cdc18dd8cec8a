import { describe, expect, it } from 'vitest';
import { defaultExpiry, earliestExpiry, fromLocalInput, toLocalInput } from './expiry';

describe('announcement expiry field', () => {
  it('defaults to exactly 7 days ahead, to the minute', () => {
    const now = new Date(2026, 10, 24, 9, 30, 45);
    expect(defaultExpiry(now)).toBe('2026-12-01T09:30');
  });

  it('offers nothing before the start of today', () => {
    expect(earliestExpiry(new Date(2026, 10, 24, 18, 5))).toBe('2026-11-24T00:00');
  });

  it('reads the local wall-clock value as that local instant', () => {
    const iso = fromLocalInput('2026-12-01T09:30');
    expect(new Date(iso).getTime()).toBe(new Date(2026, 11, 1, 9, 30).getTime());
    expect(toLocalInput(iso)).toBe('2026-12-01T09:30');
  });

  it.each(['', '2026-12-01', 'tomorrow', '2026-13-45T99:99'])(
    'gives an empty value for %j so the schema reports it',
    (value) => {
      expect(fromLocalInput(value)).toBe('');
    },
  );
});
