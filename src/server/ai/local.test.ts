import { describe, expect, it } from 'vitest';
import { createLocalProvider, nothingMatches, storyMarkdown } from './local';
import { escapeMarkdown } from './markdown';

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

describe('feed text cannot inject Markdown into an answer', () => {
  const hostile = {
    id: 2,
    title: 'Comet ![pixel](https://tracker.example/t.gif) [click](https://evil.example)',
    url: 'https://news.example/comet',
    text:
      'A comet brightened ![x](https://tracker.example/a.gif) overnight, astronomers said. ' +
      'See [the chart](https://evil.example/chart) or <https://evil.example/auto> for details. ' +
      'It will fade by Friday.',
    publishedAt: Date.UTC(2026, 10, 24, 12),
    sourceName: 'Sky ![s](https://tracker.example/s.gif) [News](https://evil.example/s)',
  };
  /** The link and image destinations Markdown would see: `](` not preceded by a backslash escape. */
  const destinations = (md: string) => [...md.matchAll(/(?<!\\)\]\((\S+?)\)/g)].map((m) => m[1]);

  it('leaves the story’s own URL as the only link', () => {
    const md = storyMarkdown(hostile);
    expect(destinations(md)).toEqual(['https://news.example/comet']);
    expect(md).not.toMatch(/(?<!\\)!(?<!\\)\[/);
    expect(md).not.toMatch(/(?<!\\)<https?:/);
    expect(md).toContain('\\!\\[pixel\\]');
  });

  it('in a streamed answer and the nothing-matches line too', async () => {
    let answer = '';
    for await (const piece of createLocalProvider().answer(
      { question: 'comet', stories: [hostile] },
      new AbortController().signal,
    ))
      answer += piece;
    expect(destinations(answer)).toEqual(['https://news.example/comet']);
    expect(destinations(nothingMatches('![a](https://tracker.example/q.gif)'))).toEqual([]);
  });

  it('escapes every character that opens inline structure', () => {
    expect(escapeMarkdown('a*b_c`d[e]f(g)h<i>j!k~l|m#n\\o')).toBe(
      'a\\*b\\_c\\`d\\[e\\]f\\(g\\)h\\<i\\>j\\!k\\~l\\|m\\#n\\\\o',
    );
  });
});
