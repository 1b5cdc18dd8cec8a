import { describe, expect, it } from 'vitest';
import { errorTitle } from './error-title';
import { formatDate, formatTime } from './format';

describe('sky formatting', () => {
  it('shows N/A for a next-phase date it cannot read', () => {
    expect(formatDate('2026-12-04T11:14:00.000Z')).toBe('Dec 4, 2026');
    expect(formatDate('soon')).toBe('N/A');
    expect(formatDate('')).toBe('N/A');
    expect(formatDate(null)).toBe('N/A');
  });

  it("shows times in the place's zone, N/A when missing", () => {
    expect(formatTime('2026-09-13T07:04:00-04:00', 'America/New_York')).toBe('7:04 AM');
    expect(formatTime('2026-09-13T07:04:00-04:00', 'America/Los_Angeles')).toBe('4:04 AM');
    expect(formatTime(null, 'America/New_York')).toBe('N/A');
    expect(formatTime('nonsense')).toBe('N/A');
    // An unknown zone falls back to the browser's own instead of failing.
    expect(formatTime('2026-09-13T07:04:00Z', 'Mars/Olympus_Mons')).toMatch(
      /^\d{1,2}:\d{2}\s?[AP]M$/,
    );
  });

  it('falls back to Unknown error for a hover title', () => {
    expect(errorTitle(new Error('Weather data unavailable: timed out'))).toBe(
      'Weather data unavailable: timed out',
    );
    expect(errorTitle(new Error(''))).toBe('Unknown error');
    expect(errorTitle(null)).toBe('Unknown error');
  });
});
