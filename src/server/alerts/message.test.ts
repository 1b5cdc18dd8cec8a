import { describe, expect, it } from 'vitest';
import { compose, digestBody, relative } from './message';

const NOW = Date.UTC(2025, 2, 10, 12, 0);
const story = (n: number) => ({
  id: n,
  title: `Story ${n}`,
  url: `https://x.test/${n}`,
  source: 'NASA',
});

describe('alert messages', () => {
  it('a digest lists five titles and "+N more"', () => {
    expect(digestBody(['a', 'b', 'c'], 3)).toBe('• a\n• b\n• c');
    expect(digestBody(['1', '2', '3', '4', '5', '6', '7'], 12)).toBe(
      '• 1\n• 2\n• 3\n• 4\n• 5\n+7 more',
    );
    const msg = compose(
      { type: 'stories', total: 8, items: [1, 2, 3, 4, 5, 6, 7, 8].map(story), query: 'Artemis' },
      { alertId: 42, now: NOW, timeZone: 'UTC' },
    );
    expect(msg.title).toBe('8 new stories matching “Artemis”');
    expect(msg.body.split('\n')).toHaveLength(6);
    expect(msg.path).toBe('/alerts?alert=42');
  });

  it('a countdown says how long is left when it is sent, in the user’s zone', () => {
    const msg = compose(
      {
        type: 'launch',
        event: 'countdown',
        countdown: '1h',
        launch: {
          id: 'l1',
          name: 'Starlink 10-1',
          net: NOW + 59 * 60_000,
          provider: 'SpaceX',
          vehicle: 'Falcon 9',
        },
      },
      { alertId: 1, now: NOW, timeZone: 'Europe/Paris' },
    );
    expect(msg.title).toBe('T−1 h: Starlink 10-1');
    expect(msg.body).toBe('SpaceX · Falcon 9. Liftoff in 59 minutes, Mon 10 Mar, 13:59 CET.');
    expect(msg.path).toBe('/rocket-launches');
    expect(relative(-3 * 3_600_000 - 5 * 60_000)).toBe('3 hours 5 minutes ago');
  });
});
