import { describe, expect, it } from 'vitest';
import type { LaunchChip } from '../../../shared/launches';
import { chipWhen, span } from './launch-clock';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const chip = (over: Partial<LaunchChip>): LaunchChip => ({
  id: 'x',
  name: 'Falcon 9 | Crew-12',
  net: new Date(NOW).toISOString(),
  netPrecision: 'Minute',
  status: 'Go for Launch',
  statusAbbrev: 'Go',
  outcome: null,
  ...over,
});
const at = (ms: number) => new Date(NOW + ms).toISOString();

describe('the launch chip’s time', () => {
  it.each([
    [(2 * 24 + 4) * 3_600_000 + 59_000, 'T−2 d 4 h'],
    [4 * 3_600_000 + 12 * 60_000, 'T−4 h 12 min'],
    [12 * 60_000, 'T−12 min'],
    [30_000, 'T−less than a minute'],
    [-5 * 60_000, 'T+5 min'],
  ])('NET %s ms away: %s', (offset, text) => {
    expect(chipWhen(chip({ net: at(offset) }), NOW)).toBe(text);
  });

  it('says “launched … ago” once the outcome is known, and NET … for a vague date', () => {
    expect(chipWhen(chip({ net: at(-2 * 3_600_000), outcome: 'success' }), NOW)).toBe(
      'launched 2 h ago',
    );
    expect(chipWhen(chip({ net: '2026-04-30T00:00:00Z', netPrecision: 'Month' }), NOW)).toBe(
      'NET April',
    );
    expect(chipWhen(chip({ net: '2026-04-05T00:00:00Z', netPrecision: 'Day' }), NOW)).toBe(
      'NET Apr 5',
    );
    expect(chipWhen(chip({ net: null }), NOW)).toBeNull();
  });

  it('spans', () => {
    expect(span(3 * 86_400_000)).toBe('3 d');
    expect(span(-3_600_000)).toBe('1 h');
  });
});
