import { describe, expect, it } from 'vitest';
import { storyMarkdown } from './local';

const story = {
  id: 1,
  title: 'Artemis [II] *crew* rehearses',
  url: 'https://example.test/wiki/Artemis_(program) x',
  text:
    'NASA said the Artemis II crew completed a rehearsal of launch day. ' +
    'The weather in Florida was mild and nobody cared about it at all. ' +
    'The Orion capsule and the crew are ready for the lunar flyby, NASA said. ' +
    'Lunch was served at noon.',
  publishedAt: Date.UTC(2026, 10, 24, 12),
  sourceName: 'Space News',
};

describe('storyMarkdown', () => {
  it('links the title safely, with the source and date', () => {
    const md = storyMarkdown(story);
    expect(md).toContain(
      '**[Artemis \\[II\\] \\*crew\\* rehearses](https://example.test/wiki/Artemis_%28program%29%20x)** (Space News, Nov 24, 2026)',
    );
  });

  it('extracts two sentences, starting with the lead', () => {
    const extract = storyMarkdown(story).split('\n\n')[1];
    expect(extract.startsWith('NASA said the Artemis II crew completed a rehearsal')).toBe(true);
    expect(extract.split(/(?<=\.) /)).toHaveLength(2);
  });
});
