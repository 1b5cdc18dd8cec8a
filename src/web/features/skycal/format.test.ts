import { describe, expect, it } from 'vitest';
import { age, compass } from './format';

describe('sky calendar wording', () => {
  it('names the 16 compass points, wrapping around north', () => {
    expect([0, 11, 12, 90, 202.5, 348.7, 359, 360, -90].map(compass)).toEqual([
      'N',
      'N',
      'NNE',
      'E',
      'SSW',
      'NNW',
      'N',
      'N',
      'W',
    ]);
  });

  it('says how old an orbit is, in hours then days', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(age('2026-11-26T11:00:00Z', now)).toBe('1 hour old');
    expect(age('2026-11-25T00:00:00Z', now)).toBe('36 hours old');
    expect(age('2026-11-20T12:00:00Z', now)).toBe('6 days old');
  });
});
