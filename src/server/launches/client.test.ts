import { describe, expect, it } from 'vitest';
import { changesUrl, detailUrl, fullSweepUrl, isModern, throttleUrl } from './client';

const NOW = Date.parse('2026-03-10T12:00:00Z');

describe('Launch Library URLs', () => {
  it.each([
    ['https://ll.thespacedevs.com/2.2.0', false],
    ['https://lldev.thespacedevs.com/2.2.0/', false],
    ['https://ll.thespacedevs.com/2.3.0', true],
    ['https://ll.thespacedevs.com/3.0.0', true],
    ['http://127.0.0.1:4000', false],
  ])('%s names a 2.3.0+ API: %s', (base, modern) => {
    expect(isModern(base)).toBe(modern);
  });

  it('sweeps from a week ago by NET; changes since a time, oldest change first; details for 48 h', () => {
    expect(fullSweepUrl('https://ll.thespacedevs.com/2.2.0/', NOW)).toBe(
      'https://ll.thespacedevs.com/2.2.0/launch/?net__gte=2026-03-03T12%3A00%3A00Z&ordering=net&limit=100&mode=normal',
    );
    expect(changesUrl('https://ll.thespacedevs.com/2.3.0', NOW, NOW - 3_600_000)).toBe(
      'https://ll.thespacedevs.com/2.3.0/launches/?last_updated__gte=2026-03-10T11%3A00%3A00Z&net__gte=2026-03-03T12%3A00%3A00Z&ordering=last_updated&limit=100&mode=normal',
    );
    expect(detailUrl('https://ll.thespacedevs.com/2.3.0', NOW)).toBe(
      'https://ll.thespacedevs.com/2.3.0/launches/?net__gte=2026-03-10T06%3A00%3A00Z&net__lte=2026-03-12T12%3A00%3A00Z&ordering=net&limit=30&mode=detailed',
    );
    expect(throttleUrl('https://ll.thespacedevs.com/2.3.0/')).toBe(
      'https://ll.thespacedevs.com/2.3.0/api-throttle/',
    );
  });
});
