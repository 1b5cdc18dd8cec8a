import { describe, expect, it } from 'vitest';
import { instantAtLocal, localParts, quietUntil } from './local-time';

const quiet = (timeZone: string) => ({ start: 22 * 60, end: 7 * 60, timeZone });

describe('local time and quiet hours', () => {
  it('reads the wall clock in a zone and back', () => {
    const at = Date.UTC(2025, 6, 1, 20, 30);
    expect(localParts(at, 'Europe/Paris')).toMatchObject({
      date: '2025-07-01',
      minutes: 22 * 60 + 30,
    });
    expect(instantAtLocal('2025-07-01', 22 * 60 + 30, 'Europe/Paris')).toBe(at);
    expect(instantAtLocal('2025-01-15', 0, 'America/New_York')).toBe(Date.UTC(2025, 0, 15, 5));
  });

  it('holds alerts from 22:00 to 07:00 across midnight, ending at 07:00 local', () => {
    const z = 'Europe/Paris';
    expect(quietUntil(quiet(z), instantAtLocal('2025-07-01', 21 * 60 + 59, z))).toBeNull();
    expect(quietUntil(quiet(z), instantAtLocal('2025-07-01', 23 * 60, z))).toBe(
      instantAtLocal('2025-07-02', 7 * 60, z),
    );
    expect(quietUntil(quiet(z), instantAtLocal('2025-07-02', 3 * 60, z))).toBe(
      instantAtLocal('2025-07-02', 7 * 60, z),
    );
    expect(quietUntil(quiet(z), instantAtLocal('2025-07-02', 7 * 60, z))).toBeNull();
    expect(
      quietUntil(
        { start: 13 * 60, end: 14 * 60, timeZone: z },
        instantAtLocal('2025-07-02', 13 * 60 + 30, z),
      ),
    ).toBe(instantAtLocal('2025-07-02', 14 * 60, z));
  });

  it('ends at 07:00 local on the night the clocks change', () => {
    const z = 'America/New_York';
    // 2025-03-09: 02:00 → 03:00 in New York; the night is an hour shorter.
    const until = quietUntil(quiet(z), instantAtLocal('2025-03-08', 23 * 60, z));
    expect(until).toBe(Date.UTC(2025, 2, 9, 11));
    expect(localParts(until!, z)).toMatchObject({ date: '2025-03-09', minutes: 7 * 60 });
  });
});
