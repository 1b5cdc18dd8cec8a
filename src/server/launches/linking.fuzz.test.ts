// Linking reads fetched text (titles, summaries) at ingestion: on hostile text it
// never throws, and twice the text costs no more than three times the time (the
// text is capped before any pattern runs, so it costs about the same).
import { describe, expect, it } from 'vitest';
import { hostileText, medianMs } from '../../../test/helpers/text-fuzz';
import { launchNames, linkCandidates, linkStory } from './linking';
import { toLaunchRecord } from './records';

const NOW = Date.parse('2026-03-01T00:00:00Z');
const candidates = linkCandidates(
  [
    'Falcon 9 Block 5 | Starlink Group 10-62',
    'Electron | Owl Night Long',
    'SLS Block 1 | Artemis II',
  ].map((name, i) =>
    launchNames({ ...toLaunchRecord({ id: `l${i}`, name })!, net: NOW + i * 3_600_000 }),
  ),
);
const story = (text: string) => ({ title: text.slice(0, 300), summary: text, publishedAt: NOW });
const pathological = (n: number) =>
  `Falcon ${'9 '.repeat(n / 4)}Starlink ${'March 4 '.repeat(n / 16)}${'1433:50 UTC '.repeat(n / 24)}`;

describe('linking on hostile text', () => {
  it('never throws', () => {
    for (let seed = 1; seed <= 30; seed++)
      expect(() => linkStory(story(hostileText(20_000, seed)), candidates)).not.toThrow();
  });

  it('costs no more for 2 MB than about 1 MB', () => {
    for (const make of [(n: number) => hostileText(n, 5), pathological]) {
      const small = story(make(1_000_000));
      const large = story(make(2_000_000));
      linkStory(small, candidates); // warm up
      const a = medianMs(() => linkStory(small, candidates));
      const b = medianMs(() => linkStory(large, candidates));
      expect(b / Math.max(a, 0.5)).toBeLessThan(3);
    }
  });
});
