import { describe, expect, it } from 'vitest';
import { manualPurgeText, purgeConfirmText, scheduledPurgeText } from './purge-texts';

describe('purge texts', () => {
  it("are the spec's words at the default 30 days", () => {
    expect(scheduledPurgeText(30)).toBe(
      'Automatically purges news stories older than 30 days at 6 AM EST daily.',
    );
    expect(purgeConfirmText(30)).toBe(
      'This will permanently delete all news stories older than 30 days. This action cannot be undone.',
    );
    expect(manualPurgeText(30)).toBe('Delete every news story older than 30 days now.');
  });

  it('say the configured age', () => {
    expect(scheduledPurgeText(7)).toBe(
      'Automatically purges news stories older than 7 days at 6 AM EST daily.',
    );
    expect(purgeConfirmText(1)).toBe(
      'This will permanently delete all news stories older than 1 day. This action cannot be undone.',
    );
    expect(manualPurgeText(90)).toBe('Delete every news story older than 90 days now.');
  });

  it('say that nothing is purged when the age is 0', () => {
    for (const text of [scheduledPurgeText(0), manualPurgeText(0), purgeConfirmText(0)])
      expect(text).toContain('PURGE_AGE_DAYS is 0');
  });
});
