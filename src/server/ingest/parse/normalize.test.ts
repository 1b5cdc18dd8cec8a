import { describe, expect, it } from 'vitest';
import {
  canonicalUrl,
  fragmentsTellApart,
  normalizeItem,
  parseDate,
  publishTime,
} from './normalize';

const NOW = Date.UTC(2026, 2, 10, 12, 0, 0);
const utc = (s: string) => Date.parse(s);

describe('parseDate', () => {
  it.each([
    // RFC 822 / 1123 and the variants real feeds send
    ['Sat, 08 Jan 2022 12:16:00 GMT', '2022-01-08T12:16:00Z'],
    ['Sat, 08 Jan 2022 12:16 EST', '2022-01-08T17:16:00Z'], // NASA legacy: no seconds, named zone
    ['Thu, 15 Jul 2021 10:30:05 EDT', '2021-07-15T14:30:05Z'],
    ['Mon, 01 Mar 2021 08:00:00 PST', '2021-03-01T16:00:00Z'],
    ['Mon, 01 Mar 2021 08:00:00 PDT', '2021-03-01T15:00:00Z'],
    ['Mon, 01 Mar 2021 08:00:00 CST', '2021-03-01T14:00:00Z'],
    ['Mon, 01 Mar 2021 08:00:00 UT', '2021-03-01T08:00:00Z'],
    ['Mon, 01 Mar 2021 08:00:00 Z', '2021-03-01T08:00:00Z'],
    ['01 Mar 2021 08:00:00 +0100', '2021-03-01T07:00:00Z'], // no weekday
    ['Mon, 1 Mar 2021 08:00:00 -0530', '2021-03-01T13:30:00Z'],
    ['Mon, 01 Mar 21 08:00:00 GMT', '2021-03-01T08:00:00Z'], // two-digit year
    ['Monday, 01 March 2021 08:00:00 GMT', '2021-03-01T08:00:00Z'], // long names
    ['Mon, 01 Mar 2021 08:00:00 +01:00', '2021-03-01T07:00:00Z'],
    ['Mon,01 Mar 2021 08:00:00 GMT', '2021-03-01T08:00:00Z'],
    // ISO 8601
    ['2026-03-03T09:00:00Z', '2026-03-03T09:00:00Z'],
    ['2026-03-03T09:00:00+02:00', '2026-03-03T07:00:00Z'],
    ['2026-03-03T09:00:00.123-05:00', '2026-03-03T14:00:00.123Z'],
    ['2026-03-03T09:00:00', '2026-03-03T09:00:00Z'], // no zone: UTC
    ['2026-03-03 09:00:00', '2026-03-03T09:00:00Z'],
    ['2026-03-03', '2026-03-03T00:00:00Z'],
  ])('%s', (input, iso) => {
    expect(parseDate(input)).toBe(utc(iso));
  });

  it('reads epoch seconds, milliseconds, numeric strings and Dates', () => {
    expect(parseDate(1_700_000_000)).toBe(1_700_000_000_000);
    expect(parseDate(1_700_000_000_123)).toBe(1_700_000_000_123);
    expect(parseDate('1700000000')).toBe(1_700_000_000_000);
    expect(parseDate(new Date(5_000_000_000_000))).toBe(5_000_000_000_000);
  });

  it.each([null, undefined, '', 'not a date', 'Mon, 99 Foo 2021 08:00:00 GMT', Number.NaN, -5])(
    '%j is unreadable',
    (input) => {
      expect(parseDate(input as never)).toBeNull();
    },
  );
});

describe('publishTime', () => {
  it('uses the fetch time for missing, invalid and ancient dates', () => {
    expect(publishTime(undefined, 'rss', NOW)).toBe(NOW);
    expect(publishTime('garbage', 'rss', NOW)).toBe(NOW);
    expect(publishTime('1970-01-02T00:00:00Z', 'rss', NOW)).toBe(NOW);
  });
  it('clamps dates more than a day ahead to now, except launches', () => {
    const inTwoDays = NOW + 2 * 86_400_000;
    const inTwelveHours = NOW + 12 * 3_600_000;
    expect(publishTime(inTwoDays, 'rss', NOW)).toBe(NOW);
    expect(publishTime(inTwelveHours, 'rss', NOW)).toBe(inTwelveHours);
    expect(publishTime(inTwoDays, 'rocket_launch', NOW)).toBe(inTwoDays);
  });
});

describe('canonicalUrl', () => {
  it.each([
    [
      'https://Example.ORG/a?utm_source=rss&utm_medium=feed&id=3#comments',
      'https://example.org/a?id=3',
    ],
    ['https://example.org/a?fbclid=abc', 'https://example.org/a'],
    ['https://example.org/a?gclid=1&mc_cid=2&mc_eid=3&igshid=4&x=1', 'https://example.org/a?x=1'],
    ['/relative/path', 'https://example.org/relative/path'],
    ['https://example.org/a?q=utm_source', 'https://example.org/a?q=utm_source'],
  ])('%s → %s', (input, expected) => {
    expect(canonicalUrl(input, 'https://example.org/feed')).toBe(expected);
  });
  it('refuses non-web schemes and garbage', () => {
    expect(canonicalUrl('javascript:alert(1)')).toBeNull();
    expect(canonicalUrl('mailto:a@b.c')).toBeNull();
    expect(canonicalUrl('not a url')).toBeNull();
    expect(canonicalUrl('')).toBeNull();
  });
  it('keeps the fragment when asked', () => {
    expect(
      canonicalUrl('https://example.org/2026/11/24.html?utm_source=x#a140512', undefined, true),
    ).toBe('https://example.org/2026/11/24.html#a140512');
  });
});

describe('fragmentsTellApart', () => {
  const base = 'https://example.org/feed.xml';
  it.each([
    ['posts on one page by anchor', [{ url: '/day.html#a1' }, { url: '/day.html#a2' }], true],
    [
      'URL guids that differ by anchor',
      [
        { url: '/day', guid: 'https://example.org/day#a1' },
        { url: '/day', guid: 'https://example.org/day#a2' },
      ],
      true,
    ],
    ['a page and its anchor', [{ url: '/day.html' }, { url: '/day.html#a2' }], false],
    ['distinct pages with anchors', [{ url: '/a#comments' }, { url: '/b#comments' }], false],
    ['the same anchor twice', [{ url: '/a#top' }, { url: '/a?utm_source=x#top' }], false],
    ['no links', [{ guid: 'x' }, { guid: 'y' }], false],
  ])('%s: %s', (_name, items, expected) => {
    expect(fragmentsTellApart(items, base)).toBe(expected);
  });

  it('decides whether normalizeItem keeps fragments', () => {
    const item = { url: 'https://example.org/day.html#a1', title: 'Post' };
    const ctx = { sourceType: 'rss' as const, baseUrl: base, now: NOW };
    expect(normalizeItem(item, ctx)).toMatchObject({
      url: 'https://example.org/day.html',
      dedupeKey: 'https://example.org/day.html',
    });
    expect(normalizeItem(item, { ...ctx, keepFragments: true })).toMatchObject({
      url: 'https://example.org/day.html#a1',
      dedupeKey: 'https://example.org/day.html#a1',
    });
  });
});

describe('normalizeItem', () => {
  const ctx = { sourceType: 'rss' as const, baseUrl: 'https://example.org/feed.xml', now: NOW };

  it('turns a raw item into clean text, safe HTML and a canonical link', () => {
    const item = normalizeItem(
      {
        guid: 'g-1',
        url: '/story?utm_source=rss',
        title: '  <b>Webb</b> sees &amp;quot;pillars&amp;quot;  ',
        summaryHtml: '<p onclick="x()">Look <img src="/img/p.jpg"> <script>alert(1)</script></p>',
        publishedAt: 'Sat, 08 Jan 2022 12:16 EST',
      },
      ctx,
    );
    expect(item).toMatchObject({
      dedupeKey: 'g-1',
      url: 'https://example.org/story',
      title: 'Webb sees "pillars"',
      summaryText: 'Look',
      imageUrl: 'https://example.org/img/p.jpg',
      publishedAt: utc('2022-01-08T17:16:00Z'),
      itemType: 'article',
      isBreaking: 0,
      content: null,
    });
    expect(item?.summary).toBe(
      '<p>Look <img src="https://example.org/img/p.jpg" loading="lazy" /> </p>',
    );
  });

  it('keys items without a guid by canonical URL, and falls back to the feed for links and time', () => {
    const a = normalizeItem({ url: 'https://example.org/x?fbclid=1#top', title: 'A' }, ctx);
    expect(a?.dedupeKey).toBe('https://example.org/x');
    const bare = normalizeItem({ title: 'Bare' }, ctx);
    expect(bare).toMatchObject({
      url: 'https://example.org/feed.xml',
      publishedAt: NOW,
      dedupeKey: 'title:bare',
    });
  });

  it('derives a title from the summary, drops empty items, cuts long titles', () => {
    expect(normalizeItem({ summaryHtml: 'Only a description.', guid: 'x' }, ctx)?.title).toBe(
      'Only a description.',
    );
    expect(normalizeItem({ summaryHtml: '' }, ctx)).toBeNull();
    const long = normalizeItem({ title: 'word '.repeat(300), guid: 'l' }, ctx);
    expect(long!.title.length).toBeLessThanOrEqual(500);
    expect(long!.title.endsWith('…')).toBe(true);
  });

  it('uses content for the summary text when there is no summary, and keeps the given type', () => {
    const item = normalizeItem(
      {
        guid: 'c',
        title: 'T',
        contentHtml: '<p>Body <a href="/x">link</a></p>',
        itemType: 'video',
      },
      ctx,
    );
    expect(item).toMatchObject({
      summaryText: 'Body link',
      contentText: 'Body link',
      itemType: 'video',
    });
    expect(item?.content).toBe(
      '<p>Body <a rel="noopener noreferrer" target="_blank" href="https://example.org/x">link</a></p>',
    );
  });
});
