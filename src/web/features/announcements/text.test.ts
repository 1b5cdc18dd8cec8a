import { describe, expect, it } from 'vitest';
import { markdownExcerpt } from './text';

describe('markdownExcerpt', () => {
  it.each([
    ['plain words stay', 'plain words stay'],
    ['Some **bold** and _italic_ and `code`', 'Some bold and italic and code'],
    ['See [the changelog](https://example.com/x) now', 'See the changelog now'],
    ['![a star](https://example.com/s.png) shines', 'a star shines'],
    ['# Heading\n\n- one\n- two\n1. three', 'Heading one two three'],
    ['> quoted\n\ntext', 'quoted text'],
  ])('%j → %j', (input, expected) => {
    expect(markdownExcerpt(input, 200)).toBe(expected);
  });

  it('cuts at the limit with an ellipsis', () => {
    expect(markdownExcerpt('abcdef ghij', 6)).toBe('abcdef...');
  });

  it('reads only a bounded prefix of a huge text', () => {
    expect(markdownExcerpt('a'.repeat(1_000_000), 10_000)).toHaveLength(2000);
  });
});
