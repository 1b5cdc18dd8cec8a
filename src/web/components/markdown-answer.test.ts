// What an AI answer may render (issue 23): no image, only http(s) links, marked
// external; announcements keep their ordinary rendering.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown';

const render = (text: string, answer: boolean) =>
  renderToStaticMarkup(Markdown({ answer, children: text }));

const HOSTILE = [
  'Look ![pixel](https://tracker.example/p.gif) here.',
  'And ![ref][t] too.',
  '',
  '[t]: https://tracker.example/r.gif',
  '',
  'Read [the story](https://news.example/a), <https://news.example/b>,',
  '[mail](mailto:a@b.example), [local](/admin), [js](javascript:alert(1)).',
  '<img src="https://tracker.example/raw.gif">',
].join('\n');

describe('Markdown in an AI answer', () => {
  const html = render(HOSTILE, true);

  it('renders no image at all', () => {
    expect(html).not.toContain('<img');
    expect(html).not.toContain('tracker.example');
  });

  it('keeps http(s) links, marked as external', () => {
    const links = [...html.matchAll(/<a [^>]*>/g)].map((m) => m[0]);
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link).toContain('rel="noopener noreferrer nofollow"');
      expect(link).toContain('target="_blank"');
    }
    expect(html).toContain('href="https://news.example/a"');
    expect(html).toContain('href="https://news.example/b"');
    expect(html).toContain('(external link, opens in a new tab)');
  });

  it('shows other links as their text only', () => {
    for (const text of ['mail', 'local', 'js']) expect(html).toContain(`<span>${text}</span>`);
    expect(html).not.toMatch(/href="(mailto|\/admin|javascript)/);
  });
});

describe('Markdown elsewhere (announcements)', () => {
  it('is unchanged: images kept (sanitised), links open in a new tab', () => {
    const html = render('![logo](https://cdn.example/l.png) [site](https://site.example)', false);
    expect(html).toContain('<img src="https://cdn.example/l.png" alt="logo"/>');
    expect(html).toContain('rel="noopener noreferrer"');
  });
});
