import { describe, expect, it } from 'vitest';
import { sanitizeExtra } from './extra';

describe('sanitizeExtra', () => {
  it('runs every text field through the title sanitiser', () => {
    expect(
      sanitizeExtra({
        siteName: '<img src=x onerror=alert(1)>Space &amp; <b>Sky</b>',
        publisher: '&lt;script&gt;alert(1)&lt;/script&gt;NASA',
        provider: 'SpaceX',
        nested: { pad: '<a href="javascript:alert(1)">LC-39A</a>' },
        tags: ['<i>one</i>', 'two'],
      }),
    ).toEqual({
      siteName: 'Space & Sky',
      publisher: 'NASA',
      provider: 'SpaceX',
      nested: { pad: 'LC-39A' },
      tags: ['one', 'two'],
    });
  });

  it('keeps only http(s) URLs in …Url fields', () => {
    expect(
      sanitizeExtra({
        audioUrl: 'https://cdn.example/ep1.mp3',
        publisherUrl: 'javascript:alert(1)',
        googleNewsUrl: 'data:text/html,<script>alert(1)</script>',
        url: 'http://example.org/a b',
        permalink: 'https://www.reddit.com/r/space/comments/1?a=1&copy=2',
      }),
    ).toEqual({
      audioUrl: 'https://cdn.example/ep1.mp3',
      publisherUrl: null,
      googleNewsUrl: null,
      url: 'http://example.org/a%20b',
      permalink: 'https://www.reddit.com/r/space/comments/1?a=1&copy=2', // not entity-decoded
    });
  });

  it('keeps numbers and booleans, caps long text and deep nesting', () => {
    const out = sanitizeExtra({
      score: 42,
      nsfw: false,
      bad: Number.NaN,
      long: 'x'.repeat(10_000),
      deep: { a: { b: { c: { d: 'too deep' } } } },
    });
    expect(out.score).toBe(42);
    expect(out.nsfw).toBe(false);
    expect(out.bad).toBeNull();
    expect((out.long as string).length).toBe(1000);
    expect(out.deep).toEqual({ a: { b: { c: null } } });
  });
});
