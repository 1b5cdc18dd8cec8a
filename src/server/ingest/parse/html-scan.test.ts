import { describe, expect, it } from 'vitest';
import {
  anchors,
  firstImgSrc,
  nestsDeeperThan,
  safeSlice,
  textOfHtml,
  truncateHtml,
} from './html-scan';
import { CONTENT_MAX, SUMMARY_MAX, TITLE_MAX, normalizeItem } from './normalize';

describe('truncateHtml', () => {
  it('leaves HTML within the limit alone', () => {
    expect(truncateHtml('<p>short</p>', 100)).toBe('<p>short</p>');
  });

  it('cuts text at a word, marks the cut with "…", and closes every open element', () => {
    const html = `<div><p>One <b>two three four</b> five</p><p>six</p></div>`;
    const out = truncateHtml(html, 34);
    expect(out.length).toBeLessThanOrEqual(34);
    expect(out).toBe('<div><p>One <b>two…</b></p></div>');
  });

  it('never splits an entity, a tag or a surrogate pair', () => {
    const out = truncateHtml(`<p>${'a&amp;'.repeat(50)}</p>`, 40);
    expect(out).toMatch(/^<p>(a&amp;)*a?…<\/p>$/);
    const stars = `<p>${'🌟'.repeat(50)}</p>`;
    const cut = truncateHtml(stars, 30);
    expect(cut).toMatch(/^<p>(🌟)+…<\/p>$/u);
    const img = truncateHtml(
      `<p>x</p><img src="https://a.example/${'y'.repeat(100)}.png"><p>z</p>`,
      60,
    );
    expect(img).toBe('<p>x</p>…');
  });
});

describe('safeSlice', () => {
  it('backs off rather than keep half a surrogate pair', () => {
    expect(safeSlice('ab🌟', 3)).toBe('ab');
    expect(safeSlice('ab🌟', 4)).toBe('ab🌟');
  });
});

describe('scans', () => {
  it('reads text, the first image and anchors in one pass each', () => {
    expect(textOfHtml('<p>a</p><script>x</script><br>b &amp; c')).toBe(' a  b & c');
    expect(firstImgSrc('<img alt=x><img src="a&amp;b.png"><img src="c.png">')).toBe('a&b.png');
    expect(anchors('<a href="/x">[link]</a> <a>no</a> <a href="/y">[comments]</a>')).toEqual([
      { href: '/x', text: '[link]' },
      { href: '/y', text: '[comments]' },
    ]);
  });
});

describe('field caps at normalising', () => {
  const ctx = { sourceType: 'rss' as const, baseUrl: 'https://feed.example/', now: Date.now() };

  it('caps title, summary and content, and the cut shows as "…"', () => {
    const long = (n: number) => `<p>${'word '.repeat(n / 5)}</p>`;
    const item = normalizeItem(
      {
        guid: 'g',
        url: 'https://feed.example/1',
        title: 'T'.repeat(5 * TITLE_MAX),
        summaryHtml: long(3 * SUMMARY_MAX),
        contentHtml: long(3 * CONTENT_MAX),
      },
      ctx,
    )!;
    expect(item.title.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(item.title.endsWith('…')).toBe(true);
    expect(item.summary.length).toBeLessThanOrEqual(SUMMARY_MAX + 1);
    expect(item.summary).toMatch(/…<\/p>$/);
    expect(item.summaryText.endsWith('…')).toBe(true);
    expect(item.content!.length).toBeLessThanOrEqual(CONTENT_MAX + 1);
    expect(item.content).toMatch(/…<\/p>$/);
  });

  it('takes the card image from the summary first, then the content', () => {
    const item = normalizeItem(
      {
        guid: 'g',
        summaryHtml: '<p><img src="/summary.png"></p>',
        contentHtml: '<p><img src="/content.png"></p>',
      },
      ctx,
    )!;
    expect(item.imageUrl).toBe('https://feed.example/summary.png');
  });
});

describe('nestsDeeperThan', () => {
  it('tells markup nested past the limit from wide markup with as many tags', () => {
    expect(nestsDeeperThan('<div><b>x</b></div>', 2)).toBe(false);
    expect(nestsDeeperThan('<div><div><div>x</div></div></div>', 2)).toBe(true);
    // Three hundred siblings: more "<" than the limit, parsed, and shallow.
    expect(nestsDeeperThan('<p>x</p>'.repeat(300), 256)).toBe(false);
    expect(nestsDeeperThan('<div><a>'.repeat(200), 256)).toBe(true);
    // Void and often-unclosed tags never count.
    expect(nestsDeeperThan('<br><img src=x><li>'.repeat(300), 256)).toBe(false);
  });
});
